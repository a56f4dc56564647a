# expect: clean
"""The twin of `zg602_loss_kept_through_a_list_of_name_value_pairs.py`: the pairs hold `loss.item()`, a number, so
nothing the statistics keep carries a graph (RULES.md ZG602)."""
import torch


class Trainer:
    def __init__(self, model, optim):
        self.model = model
        self.optim = optim
        self.statistics = {"mae": [], "loss": []}

    def batch_step(self, x, y):
        self.optim.zero_grad()
        out = self.model(x)
        loss = torch.nn.functional.mse_loss(out, y)
        loss.backward()
        self.optim.step()
        self.batch_loss = loss.item()
        self.batch_mae = (out - y).abs().mean().item()
        self.end_of_batch_log()

    def end_of_batch_log(self):
        for name, value in [("mae", self.batch_mae), ("loss", self.batch_loss)]:
            self.statistics[name] += [value]

    def epoch(self, loader):
        for x, y in loader:
            self.batch_step(x, y)
