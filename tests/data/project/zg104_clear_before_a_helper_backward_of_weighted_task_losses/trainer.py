"""A multi-task trainer clears after the forward of every task's loss and before the helper that backpropagates them.

datawhalechina/torch-rechub's torch_rechub/trainers/mtl_trainer.py, GradNorm's arm: `self.optimizer.zero_grad()`
follows `y_preds = self.model(x_dict)` and the task losses, and `gradnorm(loss_list, ...)` (utils/mtl.py) runs the
backward. RULES.md ZG104 (opt-in) wants the clear reported, as the other arm's `self.model.zero_grad()` before
`loss.backward()` is. Missed until pend24: the helper's sum reads each task loss as the target of its loop over
`zip(loss_list, loss_weight)`, which the walk back from the backward to its forward now follows to the iterable.
"""
# expect: ZG104 29:13
import torch
from torch import nn

from mtl import gradnorm


class Trainer:
    def __init__(self, model, n_task, share_layer):
        self.model = model
        self.loss_weight = nn.ParameterList(nn.Parameter(torch.ones(1)) for _ in range(n_task))
        self.optimizer = torch.optim.Adam(list(model.parameters()) + list(self.loss_weight), lr=1e-3)
        self.share_layer = share_layer
        self.loss_fn = nn.BCELoss()
        self.n_task = n_task

    def train_one_epoch(self, loader):
        for x, ys in loader:
            y_preds = self.model(x)
            loss_list = [self.loss_fn(y_preds[:, i], ys[:, i]) for i in range(self.n_task)]
            self.optimizer.zero_grad()
            gradnorm(loss_list, self.loss_weight, self.share_layer, 0.16)
            self.optimizer.step()
