"""A flag the loop toggles (`self.unconditional = not self.unconditional`), in a loop that
accumulates: the twin of clean105_toggled_flag_bound_to_its_own_negation.py.

The toggle's test is no counter (RULES.md, accumulation guard) and must not keep the file from
being checked: the step under `if (step + 1) % accumulation == 0:` follows a clear that runs
every iteration before the backward, so only the last micro-batch reaches it (ZG105 at the clear at the top of the iteration).
"""
# expect: ZG105 22:13
import torch


class Trainer:
    def __init__(self, model, loader, accumulation):
        self.model = model
        self.loader = loader
        self.accumulation = accumulation
        self.unconditional = False
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def train(self):
        for step, (images, embeds) in enumerate(self.loader):
            self.optimizer.zero_grad()
            self.unconditional = not self.unconditional
            if self.unconditional:
                embeds = torch.zeros_like(embeds)
            loss = (self.model(images, embeds) - images).pow(2).mean()
            loss = loss / self.accumulation
            loss.backward()
            if (step + 1) % self.accumulation == 0:
                self.optimizer.step()
