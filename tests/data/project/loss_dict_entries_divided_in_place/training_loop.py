# expect: clean
"""A multimodal trainer's loop (mmf's `TrainerTrainingLoopMixin`, written here): a window of `update_frequency`
batches per update, the clear at its start, each batch's loss from losses.py's `extract_loss` (its entries divided by
the window's size), the step at its end. No ZG501."""

import torch

from losses import extract_loss


class Report:
    def __init__(self, losses):
        self.losses = losses


class TrainingLoop:
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
                loss = extract_loss(report, self.update_frequency)
                loss.backward()
                if (idx + 1) % self.update_frequency:
                    continue
                self.optimizer.step()
                should_start_update = True
