"""A clear between `accelerator.backward(loss)` and the step, no accumulation configured.

The shape of several Accelerate fine-tuning scripts reworked by hand: the
trainer's `training_step` computes the loss, calls
`self.accelerator.backward(loss)`, then `self.optimizer.zero_grad()` right
before `self.optimizer.step()`. The Accelerator is built without
`gradient_accumulation_steps` and the loop never enters `accumulate()`, so
`sync_gradients` stays True: the prepared optimizer clears every time and the
step applies no gradients (RULES.md ZG102).
"""
# expect: ZG102 27:9
import torch
from accelerate import Accelerator


class Trainer:
    def __init__(self, model, loader):
        self.accelerator = Accelerator(mixed_precision="no")
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.model, self.optimizer, self.loader = self.accelerator.prepare(self.model, self.optimizer, loader)

    def training_step(self, batch):
        self.model.train()
        loss = self.model(batch).pow(2).mean()
        self.accelerator.backward(loss)
        self.optimizer.zero_grad()
        self.optimizer.step()
        return loss.detach()

    def fit(self, epochs):
        for _ in range(epochs):
            for batch in self.loader:
                self.training_step(batch)
