"""The clear is a `zero_grad(params)` helper imported from another file of the project.

Seen in openai/improved-diffusion improved_diffusion/train_util.py: every
`run_step` starts `forward_backward`, whose first line is
`zero_grad(self.model_params)` (from `.fp16_util`, where it detaches and
zeroes each parameter's `.grad`), then loops over micro-batches calling
backward; `optimize_normal()` / `optimize_fp16()` then call `self.opt.step()`.
The helper is not visible from this file, so its coverage is unknown, and
RULES.md says unknown must never create a report; its name says what it does.
Up to 97ffad4 the linter reported ZG101 on both steps and called `if self.use_fp16` and an
inf/NaN early return "accumulation guards".
"""
# expect: clean
import torch

from fp16_util import zero_grad  # the project's own helper, in another file


class Trainer:
    def __init__(self, model, microbatch=2):
        self.model = model
        self.model_params = list(model.parameters())
        self.opt = torch.optim.AdamW(self.model_params, lr=1e-4)
        self.microbatch = microbatch
        self.step = 0

    def run_loop(self, data):
        while self.step < 100:
            self.run_step(next(data))
            self.step += 1

    def run_step(self, batch):
        zero_grad(self.model_params)
        n = batch.shape[0] // self.microbatch
        for i in range(0, batch.shape[0], self.microbatch):
            loss = self.model(batch[i : i + self.microbatch]).pow(2).mean()
            (loss / n).backward()
        self.opt.step()
