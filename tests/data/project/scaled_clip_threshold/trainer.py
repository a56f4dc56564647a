# expect: clean
"""A mixed-precision trainer that clips scaled gradients with a threshold scaled as they are (utils/general.py's
`clip_gradients`, handed `scaler.get_scale()`): no `unscale_` needed."""

import torch

from utils.general import clip_gradients


class Trainer:
    def __init__(self, model, loader, max_norm=1.0):
        self.model = model
        self.loader = loader
        self.max_norm = max_norm
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.scaler = torch.cuda.amp.GradScaler()

    def train_epoch(self):
        for batch in self.loader:
            self.optimizer.zero_grad()
            with torch.autocast("cuda"):
                loss = self.model(batch).mean()
            self.scaler.scale(loss).backward()
            clip_gradients(self.model, self.max_norm, scale=self.scaler.get_scale())
            self.scaler.step(self.optimizer)
            self.scaler.update()
