"""Unscale, clip and step each optimizer of a dict in turn, one update after them.

Seen in speechbrain/speechbrain speechbrain/core.py (Brain.optimizers_step,
called from fit_batch under `if should_step:`): `for opt in
valid_optimizers.values(): self.scaler.unscale_(opt)`, then a clip loop, then
`for opt in valid_optimizers.values(): self.scaler.step(opt)`, then
`self.scaler.update()` and a clearing loop. Each pass of a loop over
optimizers is a different optimizer (issue 10 shape 6): no optimizer is
unscaled twice before the update.
"""
# expect: clean
import torch


class Brain:
    def __init__(self, modules, optimizers_dict, grad_accumulation_factor=1):
        self.modules = modules
        self.optimizers_dict = optimizers_dict
        self.scaler = torch.amp.GradScaler("cpu")
        self.grad_accumulation_factor = grad_accumulation_factor
        self.step = 0

    def fit_batch(self, batch):
        should_step = self.step % self.grad_accumulation_factor == 0
        loss = self.modules(batch).pow(2).mean()
        self.scaler.scale(loss / self.grad_accumulation_factor).backward()
        if should_step:
            self.optimizers_step()
        return loss.detach()

    def optimizers_step(self):
        valid_optimizers = self.optimizers_dict
        for opt in valid_optimizers.values():
            self.scaler.unscale_(opt)
        for opt in valid_optimizers.values():
            torch.nn.utils.clip_grad_norm_(opt.param_groups[0]["params"], 5.0)
        for opt in valid_optimizers.values():
            self.scaler.step(opt)
        self.scaler.update()
        for opt in valid_optimizers.values():
            opt.zero_grad(set_to_none=True)

    def fit(self, loader):
        for batch in loader:
            self.step += 1
            self.fit_batch(batch)
