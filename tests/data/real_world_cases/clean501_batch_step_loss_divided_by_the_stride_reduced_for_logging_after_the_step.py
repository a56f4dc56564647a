"""The twin of zg501_batch_step_loss_reduced_for_logging_after_the_step.py (openpifpaf's network/trainer.py shape):
the epoch loop hands its accumulation flag `apply_gradients = batch_idx % self.stride_apply == 0` to the batch step,
which backpropagates `loss / self.stride_apply`, so the step applies the mean over the stride's batches; the loss
reduced for logging after the step is no part of that. Clean (RULES.md ZG501).
"""
# expect: clean
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
        (loss / self.stride_apply).backward()
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
