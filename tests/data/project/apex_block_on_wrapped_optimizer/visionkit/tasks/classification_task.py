# expect: clean
"""The task's update (ClassyVision's `run_optimizer` shape): with apex, the backward inside `apex.amp.scale_loss`,
handed the torch optimizer the wrapper holds; the block's exit unscales the gradients of those parameters, which are
the wrapper's, so the clip of the wrapper's master parameters after it sees unscaled gradients."""

import apex
import torch.nn as nn

from visionkit.optim.classy_optimizer import master_params


class ClassificationTask:
    def __init__(self, model, loss, use_apex=False, clip_grad_norm=None):
        self.model = model
        self.loss = loss
        self.use_apex = use_apex
        self.clip_grad_norm = clip_grad_norm
        self.optimizer = None

    def set_optimizer(self, optimizer):
        optimizer.set_param_groups(self.model.parameters())
        self.optimizer = optimizer

    def train_step(self, sample):
        self.optimizer.zero_grad()
        output = self.model(sample["input"])
        loss = self.loss(output, sample["target"])
        self.run_optimizer(loss)
        return loss.item()

    def run_optimizer(self, loss):
        if self.use_apex:
            with apex.amp.scale_loss(loss, self.optimizer.optimizer) as scaled_loss:
                scaled_loss.backward()
        else:
            loss.backward()
        if self.clip_grad_norm is not None:
            nn.utils.clip_grad_norm_(master_params(self.optimizer), self.clip_grad_norm)
        self.optimizer.step()
