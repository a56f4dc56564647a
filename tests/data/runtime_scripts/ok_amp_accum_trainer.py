"""A trainer accumulating under AMP with a hand-kept counter; clear after each guarded step."""
import torch
from torch import nn


class Trainer:
    def __init__(self, accum_steps=2):
        self.model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1))
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.scaler = torch.amp.GradScaler("cpu")
        self.accum_steps = accum_steps
        self.micro = 0

    def backward(self, x, y):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = nn.functional.mse_loss(self.model(x).float(), y) / self.accum_steps
        self.scaler.scale(loss).backward()

    def train(self, batches):
        for x, y in batches:
            self.backward(x, y)
            self.micro += 1
            if self.micro % self.accum_steps == 0:
                self.scaler.unscale_(self.optimizer)
                nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
                self.scaler.step(self.optimizer)
                self.scaler.update()
                self.optimizer.zero_grad()


if __name__ == "__main__":
    torch.manual_seed(0)
    Trainer().train([(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(6)])
