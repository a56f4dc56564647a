"""redteam: FAILS on main 61a4738, precision-roles f58db55, new-rules 4a6f147, runtime 763d6f4: expected clean, got ZG402 26:17 (on main); passes on: precision-flow 17f1a91.

`if self.scaler is not None:` for the backward, `if self.scaler is None:` for the step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model, use_amp):
        self.model = model
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
        self.scaler = torch.amp.GradScaler("cuda") if use_amp else None

    def train_epoch(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(self.model(x), y)
            if self.scaler is not None:
                self.scaler.scale(loss).backward()
            else:
                loss.backward()
            if self.scaler is None:
                self.optimizer.step()
            else:
                self.scaler.step(self.optimizer)
                self.scaler.update()
