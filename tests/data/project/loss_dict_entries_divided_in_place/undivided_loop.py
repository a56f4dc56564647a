# expect: ZG501 31:17
"""training_loop.py's buggy twin: each batch's loss is losses.py's `sum_losses`, the entries summed as the model
averaged them, and the window's `update_frequency` backwards add up before one step: ZG501."""

import torch

from losses import sum_losses


class Report:
    def __init__(self, losses):
        self.losses = losses


class UndividedLoop:
    def __init__(self, model, loader, config):
        self.model = model
        self.loader = loader
        self.update_frequency = config.update_frequency
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=config.lr)

    def training_loop(self, max_epochs):
        for epoch in range(max_epochs):
            should_start_update = True
            for idx, batch in enumerate(self.loader):
                if should_start_update:
                    self.optimizer.zero_grad()
                    should_start_update = False
                report = Report(self.model(batch))
                loss = sum_losses(report)
                loss.backward()
                if (idx + 1) % self.update_frequency:
                    continue
                self.optimizer.step()
                should_start_update = True
