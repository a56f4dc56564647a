"""The twin of `zg401_task_hook_clips_through_an_unwrapping_getter.py` whose trainer unscales before the task's hook
clips: the threshold applies to true gradients."""
# expect: clean
import torch
from torch.cuda.amp import GradScaler, autocast
from torch.nn.parallel import DistributedDataParallel as DDP


class Trainer:
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
        task = self.task.module if isinstance(self.task, DDP) else self.task
        return task

    def train(self):
        task_ref = self.get_task_ref()
        for batch_idx, batch in enumerate(task_ref.train_dataloader()):
            self.run_training_batch(batch_idx, batch)

    def run_training_batch(self, batch_idx, batch):
        task_ref = self.get_task_ref()
        for opt_idx, optimizer in enumerate(self.optimizers):
            with autocast(enabled=self.amp):
                loss = task_ref.training_step(batch, batch_idx, opt_idx)
            if self.amp:
                self.amp_scalar.scale(loss).backward()
            else:
                loss.backward()
            if self.amp:
                self.amp_scalar.unscale_(optimizer)
            task_ref.on_before_optimization(opt_idx)
            if self.amp:
                self.amp_scalar.step(optimizer)
                self.amp_scalar.update()
            else:
                optimizer.step()
            optimizer.zero_grad()


class Task(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)

    def configure_optimizers(self):
        return [torch.optim.Adam(self.parameters())]

    def train_dataloader(self):
        return [torch.randn(2, 4) for _ in range(3)]

    def training_step(self, batch, batch_idx, opt_idx):
        return self.net(batch).mean()

    def on_before_optimization(self, opt_idx):
        torch.nn.utils.clip_grad_norm_(self.parameters(), 1.0)


def start(amp):
    Trainer(amp=amp).fit(Task)
