"""A speech toolkit's own trainer (round 11, NATSpeech's utils/commons/trainer.py): `fit(task_cls)` builds the task,
and each batch backpropagates the task's loss through the GradScaler when `amp`, then calls the task's
`on_before_optimization` hook (which clips) and `scaler.step`: nothing unscales first."""
# expect: clean
import torch
from torch.cuda.amp import GradScaler, autocast


class Trainer:
    def __init__(self, accumulate_grad_batches=1, max_updates=1000, amp=False):
        self.accumulate_grad_batches = accumulate_grad_batches
        self.max_updates = max_updates
        self.amp = amp
        self.amp_scalar = GradScaler()
        self.task = None
        self.optimizers = []
        self.global_step = 0

    def fit(self, task_cls):
        self.task = task_cls()
        self.task.trainer = self
        self.optimizers = self.task.configure_optimizers()
        self.train()

    def get_task_ref(self):
        from utils.base_task import BaseTask
        task: BaseTask = self.task
        return task

    def train(self):
        task_ref = self.get_task_ref()
        for batch_idx, batch in enumerate(task_ref.train_dataloader()):
            self.run_training_batch(batch_idx, batch)
            self.global_step += 1
            if self.global_step > self.max_updates:
                break

    def run_training_batch(self, batch_idx, batch):
        task_ref = self.get_task_ref()
        for opt_idx, optimizer in enumerate(self.optimizers):
            with autocast(enabled=self.amp):
                loss = task_ref.training_step(batch, batch_idx, opt_idx)
                loss = loss / self.accumulate_grad_batches
            if self.amp:
                self.amp_scalar.scale(loss).backward()
            else:
                loss.backward()
            if (self.global_step + 1) % self.accumulate_grad_batches == 0:
                task_ref.on_before_optimization(opt_idx)
                if self.amp:
                    self.amp_scalar.step(optimizer)
                    self.amp_scalar.update()
                else:
                    optimizer.step()
                optimizer.zero_grad()
