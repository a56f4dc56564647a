"""A trainer's micro-step helper clears first; the loop steps every n micro-steps.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG105 16:9
import torch


class Trainer:
    def __init__(self, model, accum):
        self.model = model
        self.accum = accum
        self.optimizer = torch.optim.Adam(model.parameters())

    def micro_step(self, batch):
        self.optimizer.zero_grad()
        loss = self.model(batch).mean() / self.accum
        loss.backward()

    def train(self, loader):
        for i, batch in enumerate(loader):
            self.micro_step(batch)
            if (i + 1) % self.accum == 0:
                self.optimizer.step()
