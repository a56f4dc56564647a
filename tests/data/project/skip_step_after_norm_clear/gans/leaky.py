# expect: ZG102 22:9
"""The buggy twin: a trainer whose update clears after the backward on every path, then steps: the step applies
no gradients (ZG102 on the clear)."""

import torch
import torch.nn.functional as F
from torch.cuda.amp import GradScaler


class LeakyTrainer:
    def __init__(self, net_G, opt_G, max_norm=1.0):
        self.net_G = net_G
        self.opt_G = opt_G
        self.max_norm = max_norm
        self.scaler_G = GradScaler(enabled=False)

    def gen_update(self, data):
        total_loss = F.l1_loss(self.net_G(data["label"]), data["image"])
        self.scaler_G.scale(total_loss).backward()
        self.scaler_G.unscale_(self.opt_G)
        torch.nn.utils.clip_grad_norm_(self.net_G.parameters(), self.max_norm)
        self.opt_G.zero_grad(set_to_none=True)
        self.scaler_G.step(self.opt_G)
        self.scaler_G.update()
