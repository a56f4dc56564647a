# expect: ZG101 27:9
"""Two step classes: `LeakyStepper` never clears (driven by run.py's loop through builders.py's factory, each
step applies every earlier batch's gradients: the report is here, on the step); `ClearingStepper` clears first."""

import torch


class ClearingStepper:
    def __init__(self, model, optimizer, max_norm=1.0):
        self.model = model
        self.optimizer = optimizer
        self.max_norm = max_norm

    def train_step(self, batch):
        self.optimizer.zero_grad()
        loss = self.model(*batch)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
        self.optimizer.step()
        return loss.detach()


class LeakyStepper(ClearingStepper):
    def train_step(self, batch):
        loss = self.model(*batch)
        loss.backward()
        self.optimizer.step()
        return loss.detach()


class CompiledLeakyStepper(LeakyStepper):
    """`LeakyStepper` for a model the caller compiled: the same step."""

    compiled = True
