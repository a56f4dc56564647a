# expect: ZG101 33:17
# expect: ZG104 37:9
"""The twin of `clean101_optimizers_of_a_dict_each_tested_none_in_the_clear_and_step_helpers.py` whose `zero_grad`
tests the other way (`if optimizer is None:`): a present optimizer is never cleared, so each step applies again the
gradients the last one applied (ZG101, at the step in `update_params`)."""

import torch


class Trainer:
    def __init__(self, lm, discriminator):
        self.lm = lm
        self.discriminator = discriminator
        self.lm_optimizer = torch.optim.Adam(lm.parameters())
        self.dis_optimizer = torch.optim.Adam(discriminator.parameters()) if discriminator is not None else None
        self.model_opt = {
            "lm": (self.lm, self.lm_optimizer),
            "dis": (self.discriminator, self.dis_optimizer),
        }

    def zero_grad(self, models):
        models = [self.model_opt[name] for name in models]
        for _, optimizer in models:
            if optimizer is None:
                optimizer.zero_grad()

    def update_params(self, models):
        models = [self.model_opt[name] for name in models]
        for model, _ in models:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        for _, optimizer in models:
            if optimizer is not None:
                optimizer.step()

    def lm_step(self, x):
        loss = self.lm(x).mean()
        self.zero_grad(["lm"])
        loss.backward()
        self.update_params(["lm"])


def main(lm, loader):
    trainer = Trainer(lm, None)
    for x in loader:
        trainer.lm_step(x)
