# expect: ZG104 30:9
"""X-modaler's trainer (xmodaler/engine/defaults.py `DefaultTrainer.run_step`, and its RL, pre-training and VCR
subclasses; mdetr's engine.py `train_one_epoch` alike): the model's outputs go to each loss of `self.losses`, whose
dicts are merged into `losses_dict` by `losses_dict.update(loss_dict)`; the loss is the sum of that dict's entries,
then the clear, the backward and the step. The clear runs after the forward that builds the loss (RULES.md ZG104):
the dict filled by `update` is a source of the sum as a dict written by key is."""

import torch


class Trainer:
    def __init__(self, model, losses, loader):
        self.model = model
        self.losses = losses
        self.loader = loader
        self.optimizer = torch.optim.Adam(model.parameters())

    def run_step(self):
        data = next(self.loader)
        outputs_dict = self.model(data)

        losses_dict = {}
        for loss in self.losses:
            loss_dict = loss(outputs_dict)
            losses_dict.update(loss_dict)

        losses = [losses_dict[k] for k in losses_dict if "acc" not in k]
        losses = sum(losses)

        self.optimizer.zero_grad()
        losses.backward()
        self.optimizer.step()

    def train(self, max_iter):
        for _ in range(max_iter):
            self.run_step()
