# expect: ZG103 33:13
"""The twin of clean103_eval_clears_the_model_or_its_ema_copy_as_asked.py whose `eval` always evaluates the live model
(`model = self.model`): the second call's `model.zero_grad()` clears gradients the first call's already cleared, with
no backward between (RULES.md ZG103).
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
    def eval(self, valid=True):
        model = self.model
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
                summary_ema = self.eval(valid=False)
                print(epoch, summary, summary_ema)
