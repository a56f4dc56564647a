"""A multi-task trainer clears at the top of each batch, before the forward of every task's loss and the helper that
backpropagates them.

The VALID twin of zg104_clear_before_a_helper_backward_of_weighted_task_losses/: the forward that the helper's backward
reaches (through the loop over the task losses it sums) runs after the clear, where RULES.md ZG104 wants it.
"""
# expect: clean
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
            self.optimizer.zero_grad()
            y_preds = self.model(x)
            loss_list = [self.loss_fn(y_preds[:, i], ys[:, i]) for i in range(self.n_task)]
            gradnorm(loss_list, self.loss_weight, self.share_layer, 0.16)
            self.optimizer.step()
