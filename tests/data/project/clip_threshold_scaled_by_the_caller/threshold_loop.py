# expect: clean
"""training_loop.py's buggy twin: `_finish_update` clips through general.py's `clip_at_threshold`, the threshold not
scaled and no `unscale_` before it: the clip sees gradients multiplied by the scale (ZG401, reported in general.py)."""

import torch

from general import clip_at_threshold, extract_loss


class ThresholdLoop:
    def __init__(self, model, loader, config):
        self.model = model
        self.loader = loader
        self.config = config
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=config.lr)
        self.scaler = torch.cuda.amp.GradScaler(enabled=config.fp16)

    def training_loop(self):
        for epoch in range(self.config.max_epochs):
            for batch in self.loader:
                self.optimizer.zero_grad()
                with torch.cuda.amp.autocast(enabled=self.config.fp16):
                    losses = self.model(batch)
                loss = extract_loss(losses)
                self.scaler.scale(loss).backward()
                self._finish_update()

    def _finish_update(self):
        if self.config.clip_gradients:
            clip_at_threshold(self.optimizer, self.config)
        self.scaler.step(self.optimizer)
        self.scaler.update()
