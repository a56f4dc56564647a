# expect: clean
"""A multimodal trainer's loop mixin (mmf's `TrainerTrainingLoopMixin`, written here): each batch's losses summed,
backpropagated through the GradScaler; `_finish_update` clips through general.py's helper, handing it the scaler's
scale, then steps through the scaler. No ZG401: the helper scales the threshold."""

import torch

from general import clip_gradients, extract_loss


class TrainingLoop:
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
            clip_gradients(self.model, self.optimizer, self.config, scale=self.scaler.get_scale())
        self.scaler.step(self.optimizer)
        self.scaler.update()
