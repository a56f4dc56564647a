# expect: ZG104 43:9
"""UnsupervisedMT's trainer (NMT/src/trainer.py) in one file: `zero_grad` and `update_params` each loop over the
(model, optimizer) pairs of the names handed (`self.model_opt[name]`), clearing or stepping the optimizer `if
optimizer is not None` (the discriminator's is None without a discriminator). Each loop binds its own `optimizer`, so
the two tests are two atoms; where the clear's test says the element is None there is no optimizer to hold gradients
(its clear is skipped for a missing optimizer, no clear missed for a present one), as a step's receiver tested None
already says. The trainer's own `zero_grad` is inlined at `self.zero_grad(["lm"])`, where its clear is placed. Each
test names the element of the `for` loop it is written in, and the calls it guards are made on that element
(`builder.guards_only_its_entry`, as `opts[name]` of a loop over the names): where it is None there is no optimizer,
so the clear and the step run on every path for the one the analysis follows. Twin
zg101_optimizers_of_a_dict_cleared_only_where_none.py (`if optimizer is None:` around the clear): ZG101."""

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
            if optimizer is not None:
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
