"""The usual Accelerate loop: accumulate, backward, clip on sync, step, schedule, clear; logging on sync.

Shape of preference-optimisation and SFT trainers built on Accelerate: inside
`with self.accelerator.accumulate(self.policy):` the loss is backpropagated,
`self.accelerator.clip_grad_norm_` runs (it unscales by itself), and the
prepared optimizer steps and clears; after the block the trainer logs only
`if self.accelerator.sync_gradients:`. Accelerate handles the accumulation
(RULES.md): nothing to report.
"""
# expect: clean
import torch
from accelerate import Accelerator


class BasicTrainer:
    def __init__(self, policy, loader, accumulation_steps):
        self.accelerator = Accelerator(gradient_accumulation_steps=accumulation_steps, mixed_precision="bf16")
        self.policy = policy
        self.optimizer = torch.optim.RMSprop(self.policy.parameters(), lr=5e-7)
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(self.optimizer, lambda step: min(1.0, (step + 1) / 150))
        self.policy, self.optimizer, self.loader, self.scheduler = self.accelerator.prepare(
            self.policy, self.optimizer, loader, self.scheduler
        )
        self.metrics = []

    def get_batch_metrics(self, batch):
        loss = self.policy(batch).pow(2).mean()
        return loss, {"loss": loss.detach()}

    def train(self):
        for batch in self.loader:
            self.policy.train()
            with self.accelerator.accumulate(self.policy):
                loss, metrics = self.get_batch_metrics(batch)
                self.accelerator.backward(loss)
                grad_norm = self.accelerator.clip_grad_norm_(self.policy.parameters(), 10.0)
                self.optimizer.step()
                self.scheduler.step()
                self.optimizer.zero_grad()
            if self.accelerator.sync_gradients:
                self.metrics.append((metrics, grad_norm))
