"""A trainer clears at the end of its step (set_to_none default), then logs the gradient norm.

Shape of small LLM trainers that clear right after `optimizer.step()` inside
`train_step` (GPT-style "clear at the end") and compute
`sum(p.grad.norm() ** 2 ...)` in the outer loop every `log_every` steps for
the progress line: by then every `.grad` is None (RULES.md ZG301: after a
set_to_none clear with no backward since). The log raises on its first run.
"""
# expect: ZG301 28:20
import torch
from torch import nn


class Trainer:
    def __init__(self, model, log_every=50):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4)
        self.log_every = log_every

    def train_step(self, x, y):
        loss = nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        self.optimizer.zero_grad()
        return loss.item()

    def grad_norm(self):
        return sum(p.grad.norm() ** 2 for p in self.model.parameters()) ** 0.5

    def fit(self, loader):
        for step, (x, y) in enumerate(loader):
            loss = self.train_step(x, y)
            if step % self.log_every == 0:
                print(step, loss, self.grad_norm().item())
