"""A speech toolkit's own trainer (round 11, NATSpeech's utils/commons/trainer.py; recall21): `fit(task_cls)` builds
the task, or, with several GPUs, spawns `ddp_run`, which builds it in each process; `run_single_process` wraps it in
DDP when distributed, and `get_task_ref` unwraps it again. Each batch backpropagates the task's loss through the
GradScaler when `amp`, then calls the task's `on_before_optimization` hook (which clips) and `scaler.step`: nothing
unscales first."""
# expect: clean
import torch
import torch.multiprocessing as mp
from torch.cuda.amp import GradScaler, autocast
from torch.nn.parallel import DistributedDataParallel as DDP


class Trainer:
    def __init__(self, accumulate_grad_batches=1, max_updates=1000, amp=False, num_gpus=1):
        self.num_gpus = num_gpus
        self.use_ddp = num_gpus > 1
        self.accumulate_grad_batches = accumulate_grad_batches
        self.max_updates = max_updates
        self.amp = amp
        self.amp_scalar = GradScaler()
        self.task = None
        self.optimizers = []
        self.global_step = 0

    def fit(self, task_cls):
        if self.use_ddp:
            mp.spawn(self.ddp_run, nprocs=self.num_gpus, args=(task_cls,))
        else:
            self.task = task_cls()
            self.task.trainer = self
            self.run_single_process()

    def ddp_run(self, gpu_idx, task_cls):
        task = task_cls()
        task.trainer = self
        self.task = task
        self.run_single_process()

    def run_single_process(self):
        self.optimizers = self.get_task_ref().configure_optimizers()
        if self.use_ddp:
            self.task = self.configure_ddp(self.task)
        self.train()

    def configure_ddp(self, task):
        task = DDP(task, find_unused_parameters=True)
        return task

    def get_task_ref(self):
        from utils.base_task import BaseTask
        task: BaseTask = self.task.module if isinstance(self.task, DDP) else self.task
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
