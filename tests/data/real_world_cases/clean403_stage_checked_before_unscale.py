"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, new-rules 4a6f147, runtime 763d6f4: expected clean, got ZG401 29:13, ZG403 20:13 (on main); passes on: precision-roles f58db55.

unscale_ guarded by a test of the scaler's per-optimizer stage (idempotent unscale).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch.amp.grad_scaler import OptState


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters())
        self.scaler = torch.amp.GradScaler("cuda")

    def unscale(self):
        if self.scaler._per_optimizer_states[id(self.optimizer)]["stage"] is not OptState.UNSCALED:
            self.scaler.unscale_(self.optimizer)

    def train(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            with torch.autocast("cuda"):
                loss = self.model(x, y)
            self.scaler.scale(loss).backward()
            self.unscale()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            self.unscale()
            self.scaler.step(self.optimizer)
            self.scaler.update()
