# expect: clean
"""The project's Trainer: Accelerate prepares the model, optimizer, loader and schedule; each batch runs under
`accelerator.accumulate`, clipped by Accelerate when the gradients are synced, then the step, the schedule and the
clear. Subclasses hook the start of each epoch."""

from accelerate import Accelerator

from .optim import build_optimizer, build_scheduler


class Trainer:
    def __init__(self, model, loader, cfg):
        self.cfg = cfg
        self.accelerator = Accelerator(gradient_accumulation_steps=cfg.grad_accum, mixed_precision="fp16")
        optimizer = build_optimizer(model, cfg)
        scheduler = build_scheduler(optimizer, cfg, len(loader))
        self.model, self.optimizer, self.loader, self.scheduler = self.accelerator.prepare(model, optimizer, loader, scheduler)

    def on_epoch_start(self, epoch):
        pass

    def fit(self):
        for epoch in range(self.cfg.epochs):
            self.on_epoch_start(epoch)
            self.model.train()
            for batch in self.loader:
                with self.accelerator.accumulate(self.model):
                    loss = self.model(**batch).loss
                    self.accelerator.backward(loss)
                    if self.accelerator.sync_gradients:
                        self.accelerator.clip_grad_norm_(self.model.parameters(), self.cfg.max_grad_norm)
                    self.optimizer.step()
                    self.scheduler.step()
                    self.optimizer.zero_grad()
