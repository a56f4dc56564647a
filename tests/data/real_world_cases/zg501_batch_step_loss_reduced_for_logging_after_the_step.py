"""A pose trainer whose epoch loop decides the accumulation window and hands it to its batch step as a flag
(openpifpaf's network/trainer.py: `apply_gradients = batch_idx % self.stride_apply == 0`, then
`self.train_batch(data, targets, apply_gradients)`), the loss reduced over the processes for logging after the step.

`train_batch` backpropagates every batch's whole loss and steps and clears only `if apply_gradients:`: with a stride
n > 1 each step applies the sum of n batches' gradients, the loss never divided by the stride, so the effective
learning rate is n times larger (RULES.md ZG501). After the step, `loss = self.reduce_loss(loss)` rebinds the loss
to a value divided by the world size on one path; that division never reaches the backward and is no division of
the loss (found since the fortieth session's reading of the loss's reaching definitions; the forty-first session's
corpus run reports openpifpaf's trainer.py:188). Twin: clean501_batch_step_loss_divided_by_the_stride_reduced_for_logging_after_the_step.py.
"""
# expect: ZG501 34:9
import torch


class Trainer:
    stride_apply = 1

    def __init__(self, model, loss, optimizer, lr_scheduler):
        self.model = model
        self.loss = loss
        self.optimizer = optimizer
        self.lr_scheduler = lr_scheduler

    @classmethod
    def configure(cls, args):
        cls.stride_apply = args.stride_apply

    def train_batch(self, data, targets, apply_gradients=True):
        outputs = self.model(data)
        loss, head_losses = self.loss(outputs, targets)
        if loss is None:
            return None
        loss.backward()
        if apply_gradients:
            self.optimizer.step()
            self.optimizer.zero_grad()
        with torch.inference_mode():
            loss = self.reduce_loss(loss)
        return float(loss.item())

    @classmethod
    def reduce_loss(cls, loss):
        if not torch.distributed.is_initialized():
            return loss
        torch.distributed.reduce(loss, 0)
        if torch.distributed.get_rank() == 0:
            loss = loss / torch.distributed.get_world_size()
        return loss

    def train(self, scenes, epoch):
        self.model.train()
        epoch_loss = 0.0
        self.optimizer.zero_grad()
        for batch_idx, (data, target) in enumerate(scenes):
            apply_gradients = batch_idx % self.stride_apply == 0
            loss = self.train_batch(data, target, apply_gradients)
            if loss is not None:
                epoch_loss += loss
            self.lr_scheduler.step()
        return epoch_loss / len(scenes)
