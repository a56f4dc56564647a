# expect: clean
"""The trainer: DeepSpeed's engine backwards and steps itself (its step clears and steps its own schedule); the plain
backend backwards, steps the optimizer and the schedule, then clears. `self.use_deepspeed` never changes."""

from .backend import build_engine, build_plain


class LMTrainer:
    def __init__(self, model, cfg):
        self.use_deepspeed = cfg.deepspeed_config is not None
        if self.use_deepspeed:
            self.model, self.optimizer, self.scheduler = build_engine(model, cfg)
        else:
            self.model, self.optimizer, self.scheduler = build_plain(model, cfg)

    def train(self, loader, epochs):
        for _ in range(epochs):
            for batch in loader:
                loss = self.model(**batch).loss
                if self.use_deepspeed:
                    self.model.backward(loss)
                    self.model.step()
                else:
                    loss.backward()
                    self.optimizer.step()
                    self.scheduler.step()
                    self.optimizer.zero_grad()
