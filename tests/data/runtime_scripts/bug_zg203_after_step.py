"""Trainer that clips after the optimizer step."""
import torch
from torch import nn


class Trainer:
    def __init__(self):
        self.net = nn.GRU(3, 6, batch_first=True)
        self.head = nn.Linear(6, 1)
        params = list(self.net.parameters()) + list(self.head.parameters())
        self.params = params
        self.opt = torch.optim.Adam(params, lr=1e-3)

    def step(self, seq, target):
        self.opt.zero_grad()
        out, _ = self.net(seq)
        loss = nn.functional.mse_loss(self.head(out[:, -1]), target)
        loss.backward()
        self.opt.step()
        nn.utils.clip_grad_norm_(self.params, 0.5)  # <- ZG203
        return loss.item()


if __name__ == "__main__":
    torch.manual_seed(0)
    trainer = Trainer()
    for _ in range(3):
        trainer.step(torch.randn(2, 4, 3), torch.randn(2, 1))
