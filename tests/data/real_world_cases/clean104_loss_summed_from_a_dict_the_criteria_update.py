# expect: clean
"""The twin of zg104_loss_summed_from_a_dict_the_criteria_update.py: the clear runs first in the step, before the
forward whose outputs the criteria's dicts, merged by `losses_dict.update(loss_dict)`, are computed from (RULES.md
ZG104: the conventional place, nothing to report)."""

import torch


class Trainer:
    def __init__(self, model, losses, loader):
        self.model = model
        self.losses = losses
        self.loader = loader
        self.optimizer = torch.optim.Adam(model.parameters())

    def run_step(self):
        self.optimizer.zero_grad()
        data = next(self.loader)
        outputs_dict = self.model(data)

        losses_dict = {}
        for loss in self.losses:
            loss_dict = loss(outputs_dict)
            losses_dict.update(loss_dict)

        losses = [losses_dict[k] for k in losses_dict if "acc" not in k]
        losses = sum(losses)

        losses.backward()
        self.optimizer.step()

    def train(self, max_iter):
        for _ in range(max_iter):
            self.run_step()
