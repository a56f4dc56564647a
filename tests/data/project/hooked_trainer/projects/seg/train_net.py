# expect: ZG102 22:9
"""A task's trainer overrides `run_step` and clears after the backward, right before the step: every step of the
base class's loop (engine/loop.py) sees no gradients."""

import torch

from engine import PlainTrainer, StepSchedule


class SegTrainer(PlainTrainer):
    def __init__(self, model, data_loader, optimizer, aux_weight):
        super().__init__(model, data_loader, optimizer)
        self.aux_weight = aux_weight

    def run_step(self):
        batch = next(self._data_iter)
        outputs = self.model(batch["image"])
        loss = torch.nn.functional.cross_entropy(outputs["main"], batch["mask"])
        if "aux" in outputs:
            loss = loss + self.aux_weight * torch.nn.functional.cross_entropy(outputs["aux"], batch["mask"])
        loss.backward()
        self.optimizer.zero_grad()
        self.optimizer.step()


def main(model, loader, cfg):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=cfg.steps)
    trainer = SegTrainer(model, loader, optimizer, cfg.aux_weight)
    trainer.register_hooks([StepSchedule(scheduler)])
    trainer.train(0, cfg.max_iter)
