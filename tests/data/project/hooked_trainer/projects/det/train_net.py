# expect: clean
"""The twin task: the same override, clearing before the backward."""

import torch

from engine import PlainTrainer, StepSchedule


class DetTrainer(PlainTrainer):
    def run_step(self):
        batch = next(self._data_iter)
        self.optimizer.zero_grad()
        loss_dict = self.model(batch)
        losses = sum(loss_dict.values())
        losses.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 10.0)
        self.optimizer.step()


def main(model, loader, cfg):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=cfg.steps)
    trainer = DetTrainer(model, loader, optimizer)
    trainer.register_hooks([StepSchedule(scheduler)])
    trainer.train(0, cfg.max_iter)
