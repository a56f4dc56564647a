"""A trainer whose loops nest four deep: epochs, batches, micro-batches, a loss's parts, with settings tested
between them.

Shape of a diffusion trainer (a step per batch over its micro-batches, each loss summed over its parts, a prior
loss in a loop of its own, the optimizer cleared at the top of every batch): each pass of an outer loop enters the
inner ones again, mostly with a state they were entered with before (the clear at the top of the batch makes the
micro-batches' entry the same whatever the epoch's passes brought). The analysis runs such a loop to its fixpoint
once per entry state (`flow.Settled`), not once per pass around it. Clean: clear, backwards of losses divided by the micro-batches, clip, step.
"""
# expect: clean

import torch


class Trainer:
    def __init__(self, model, optimizer, scaler, args):
        self.model = model
        self.optimizer = optimizer
        self.scaler = scaler
        self.args = args

    def train(self, loader, prior_loader):
        for epoch in range(self.args.epochs):
            for batch in loader:
                self.optimizer.zero_grad()
                for micro in batch:
                    loss = 0
                    for part in micro:
                        if self.args.weighted:
                            loss = loss + part.weight * self.model(part.x).mean()
                        else:
                            loss = loss + self.model(part.x).mean()
                    if self.args.use_prior:
                        for prior in prior_loader:
                            loss = loss + self.model(prior).mean()
                    loss = loss / len(batch)
                    if self.scaler is not None:
                        self.scaler.scale(loss).backward()
                    else:
                        loss.backward()
                if self.scaler is not None:
                    self.scaler.unscale_(self.optimizer)
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
                if self.scaler is not None:
                    self.scaler.step(self.optimizer)
                    self.scaler.update()
                else:
                    self.optimizer.step()
