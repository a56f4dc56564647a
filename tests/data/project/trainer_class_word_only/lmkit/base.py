# expect: ZG105 25:9
"""The package's base class: the Accelerator built in `__init__` with the configuration's
`gradient_accumulation_steps`, one batch's work in `step`, and `fit` running it inside `accelerator.accumulate`.
Reported here: the clear of `step`, for the subclass of streaming.py whose loop never enters `accumulate`."""

from accelerate import Accelerator


class Trainer:
    def __init__(self, cfg, model, optimizer, loader):
        self.cfg = cfg
        self.accelerator = Accelerator(gradient_accumulation_steps=cfg.gradient_accumulation_steps)
        self.model, self.optimizer, self.loader = self.accelerator.prepare(model, optimizer, loader)

    def fit(self):
        for epoch in range(self.cfg.num_epochs):
            for batch in self.loader:
                with self.accelerator.accumulate(self.model):
                    self.step(batch)

    def step(self, batch):
        loss = self.model(**batch).loss
        self.accelerator.backward(loss)
        self.optimizer.step()
        self.optimizer.zero_grad()
