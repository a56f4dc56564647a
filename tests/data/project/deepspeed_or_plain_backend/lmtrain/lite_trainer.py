# expect: ZG101 25:21
"""A lighter copy whose plain backend lost its clear in a refactor: DeepSpeed's engine still clears in its step, but
the torch optimizer applies the sum of every batch's gradients."""

from .backend import build_engine, build_plain


class LiteTrainer:
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
