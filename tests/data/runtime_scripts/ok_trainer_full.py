"""A trainer with AMP, unscale, clipping, a scheduler after the step, and .item() logging."""
import torch
from torch import nn


class Trainer:
    def __init__(self, model, epochs=2):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01)
        self.scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer, T_max=epochs * 3)
        self.scaler = torch.amp.GradScaler("cpu")
        self.history = []
        self.epochs = epochs

    def train_step(self, x, y):
        self.optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = nn.functional.cross_entropy(self.model(x), y)
        self.scaler.scale(loss).backward()
        self.scaler.unscale_(self.optimizer)
        nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.scaler.step(self.optimizer)
        self.scaler.update()
        self.scheduler.step()
        return loss.item()

    def fit(self, loader):
        for epoch in range(self.epochs):
            total = 0.0
            for x, y in loader:
                total += self.train_step(x, y)
            self.history.append(total / len(loader))


if __name__ == "__main__":
    torch.manual_seed(0)
    loader = [(torch.randn(4, 10), torch.randint(0, 3, (4,))) for _ in range(3)]
    Trainer(nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 3))).fit(loader)
