# expect: ZG402 41:13
"""diffusion_trainer.py's buggy twin: the scaler is built for half precision too (`use_amp or use_fp16`), but the
step still goes through it only `if self.configs.use_amp:`; with `use_fp16` alone the backward is scaled and
`self.optimizer.step()` applies the scaled gradients directly (ZG402)."""

import torch
from torch import amp


class WideScalerTrainer:
    def __init__(self, configs, model, batches):
        self.configs = configs
        self.model = model
        self.batches = batches

    def setup_optimization(self):
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=self.configs.lr)
        self.amp_scaler = amp.GradScaler() if self.configs.use_amp or self.configs.use_fp16 else None

    def train(self):
        self.setup_optimization()
        for batch in self.batches:
            self.training_step(batch)

    def backward_step(self, micro_batch, num_micro_batches):
        loss = self.model(micro_batch).pow(2).mean() / num_micro_batches
        if self.amp_scaler is None:
            loss.backward()
        else:
            self.amp_scaler.scale(loss).backward()

    def training_step(self, batch):
        micro = self.configs.micro_batch
        num_micro_batches = (len(batch) + micro - 1) // micro
        for start in range(0, len(batch), micro):
            self.backward_step(batch[start:start + micro], num_micro_batches)
        if self.configs.use_amp:
            self.amp_scaler.step(self.optimizer)
            self.amp_scaler.update()
        else:
            self.optimizer.step()
        self.model.zero_grad()
