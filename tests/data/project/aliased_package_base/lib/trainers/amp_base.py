# expect: clean
"""A base trainer with AMP: each batch's scaled backward, then the subclass's `after_backward` hook, then the step
through the GradScaler."""

import torch


class AmpBase:
    def __init__(self, model, loader, max_norm=1.0):
        self.model = model
        self.loader = loader
        self.max_norm = max_norm
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
        self.scaler = torch.cuda.amp.GradScaler()

    def compute_loss(self, batch):
        raise NotImplementedError

    def after_backward(self):
        pass

    def fit(self, epochs):
        for epoch in range(epochs):
            for batch in self.loader:
                self.optimizer.zero_grad()
                with torch.autocast("cuda"):
                    loss = self.compute_loss(batch)
                self.scaler.scale(loss).backward()
                self.after_backward()
                self.scaler.step(self.optimizer)
                self.scaler.update()
