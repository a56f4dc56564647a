"""The loop unscales, then a clip helper unscales the same optimizer again.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG403 16:9
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters())
        self.scaler = torch.amp.GradScaler("cuda")

    def clip(self, max_norm):
        self.scaler.unscale_(self.optimizer)
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm)

    def train(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            with torch.autocast("cuda"):
                loss = self.model(x, y)
            self.scaler.scale(loss).backward()
            self.scaler.unscale_(self.optimizer)
            self.clip(1.0)
            self.scaler.step(self.optimizer)
            self.scaler.update()
