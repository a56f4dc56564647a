"""ema.step() and tracker.step() after the optimizer step are no optimizer steps.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


class EMA:
    def __init__(self, model, decay=0.999):
        self.shadow = {k: v.detach().clone() for k, v in model.state_dict().items()}
        self.model = model
        self.decay = decay

    def step(self):
        with torch.no_grad():
            for k, v in self.model.state_dict().items():
                self.shadow[k].mul_(self.decay).add_(v, alpha=1 - self.decay)


def train(model, loader, optimizer, tracker):
    ema = EMA(model)
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        ema.step()
        tracker.step()
