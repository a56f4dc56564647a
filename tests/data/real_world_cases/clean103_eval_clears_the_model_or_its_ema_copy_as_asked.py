# expect: clean
"""A trainer whose `eval` clears the model it evaluates, the live one or its EMA copy as the caller asks
(rq-vae-transformer's trainers: `model = self.model_ema if ema else self.model`).

The epoch loop trains, then evaluates the live model and then the EMA copy: the second `eval`'s `model.zero_grad()`
clears the copy, not the live model the first one cleared, so it is no second clear of the same gradients (RULES.md
ZG103 needs both clears known to cover the same parameters).
"""
import torch


class Trainer:
    def __init__(self, model, model_ema, loader_trn, loader_val, epochs):
        self.model = model
        self.model_ema = model_ema
        self.loader_trn = loader_trn
        self.loader_val = loader_val
        self.epochs = epochs
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def train(self):
        model = self.model
        model.train()
        for xs in self.loader_trn:
            model.zero_grad(set_to_none=True)
            loss = model(xs).pow(2).mean()
            loss.backward()
            self.optimizer.step()

    @torch.no_grad()
    def eval(self, ema=False):
        model = self.model_ema if ema else self.model
        model.eval()
        total = 0.0
        for xs in self.loader_val:
            model.zero_grad()
            total += model(xs).pow(2).mean().item()
        return total

    def run_epoch(self):
        for epoch in range(self.epochs):
            self.train()
            summary = self.eval()
            if self.model_ema is not None:
                summary_ema = self.eval(ema=True)
                print(epoch, summary, summary_ema)
