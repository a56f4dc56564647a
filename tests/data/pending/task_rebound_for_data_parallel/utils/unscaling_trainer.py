"""The twin of trainer.py: the scaled gradients are unscaled before the task's hook clips them."""
# expect: clean
import torch
from torch.cuda.amp import GradScaler, autocast


class UnscalingTrainer:
    def __init__(self, amp=False):
        self.amp = amp
        self.amp_scalar = GradScaler()
        self.task = None
        self.optimizers = []

    def fit(self, task_cls):
        self.task = task_cls()
        self.optimizers = self.task.configure_optimizers()
        self.train()

    def get_task_ref(self):
        from utils.unscaled_task import UnscaledTask
        task: UnscaledTask = self.task
        return task

    def train(self):
        task_ref = self.get_task_ref()
        for batch_idx, batch in enumerate(task_ref.train_dataloader()):
            for opt_idx, optimizer in enumerate(self.optimizers):
                with autocast(enabled=self.amp):
                    loss = task_ref.training_step(batch, batch_idx, opt_idx)
                if self.amp:
                    self.amp_scalar.scale(loss).backward()
                    self.amp_scalar.unscale_(optimizer)
                else:
                    loss.backward()
                task_ref.on_before_optimization(opt_idx)
                if self.amp:
                    self.amp_scalar.step(optimizer)
                    self.amp_scalar.update()
                else:
                    optimizer.step()
                optimizer.zero_grad()
