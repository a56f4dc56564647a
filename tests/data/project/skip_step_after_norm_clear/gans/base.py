# expect: ZG104 33:13
"""A GAN trainer's base class in imaginaire's shape: `gen_update` retries the step while the GradScaler skipped it,
and drops the batch when the gradient norm is too large (`skip_grad`): the clear with `set_to_none=True` under the
norm test leaves every `.grad` None, and `scaler.step` then keeps the scaler's stages in order while the optimizer
skips every parameter. RULES.md's ZG102 calls that clear the "drop this batch" idiom. (The first clear, after `gen_forward` and before
the backward, is a true ZG104.)"""

import torch
from torch.cuda.amp import GradScaler, autocast


class BaseTrainer:
    def __init__(self, net_G, opt_G, max_norm=1.0, skip_grad=True, amp=False):
        self.net_G = net_G
        self.opt_G = opt_G
        self.max_norm = max_norm
        self.skip_grad = skip_grad
        self.amp = amp
        self.scaler_G = GradScaler(enabled=amp)
        self.last_step_count_G = 0

    def gen_forward(self, data):
        raise NotImplementedError

    def gen_update(self, data):
        update_finished = False
        while not update_finished:
            with autocast(enabled=self.amp):
                total_loss = self.gen_forward(data)
            if total_loss is None:
                return

            self.opt_G.zero_grad(set_to_none=True)
            self.scaler_G.scale(total_loss).backward()

            self.scaler_G.unscale_(self.opt_G)
            total_norm = torch.nn.utils.clip_grad_norm_(self.net_G.parameters(), self.max_norm)
            if torch.isfinite(total_norm) and total_norm > self.max_norm:
                if self.skip_grad:
                    self.opt_G.zero_grad(set_to_none=True)
                    self.scaler_G.step(self.opt_G)
                    self.scaler_G.update()
                    break

            self.scaler_G.step(self.opt_G)
            self.scaler_G.update()
            if self.last_step_count_G == self.opt_G._step_count:
                if not torch.isfinite(total_loss):
                    update_finished = True
            else:
                self.last_step_count_G = self.opt_G._step_count
                update_finished = True
