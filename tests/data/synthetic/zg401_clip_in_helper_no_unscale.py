"""A trainer's clip helper runs after the scaled backward with no unscale_.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG401 18:13
import torch


class AmpTrainer:
    def __init__(self, model, clip):
        self.model = model
        self.clip = clip
        self.optimizer = torch.optim.AdamW(model.parameters())
        self.scaler = torch.cuda.amp.GradScaler()

    def clip_gradients(self):
        if self.clip > 0:
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.clip)

    def train(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            with torch.cuda.amp.autocast():
                loss = self.model(x, y)
            self.scaler.scale(loss).backward()
            self.clip_gradients()
            self.scaler.step(self.optimizer)
            self.scaler.update()
