"""redteam: FAILS on main 61a4738, precision-flow 17f1a91, precision-roles f58db55, new-rules 4a6f147, runtime 763d6f4: expected ZG105 21:17, got clean (on main); passes on: no branch scored.

A module clear inside accelerator.accumulate(): Accelerate gates only the prepared optimizer's clear.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG105 21:17
import torch
from accelerate import Accelerator


class PolicyTrainer:
    def __init__(self, policy):
        self.accelerator = Accelerator(gradient_accumulation_steps=8)
        optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-5)
        self.policy, self.optimizer = self.accelerator.prepare(policy, optimizer)

    def train(self, batches):
        for batch in batches:
            with self.accelerator.accumulate(self.policy):
                self.policy.zero_grad(set_to_none=True)
                loss = self.policy(batch).mean()
                self.accelerator.backward(loss)
                self.optimizer.step()
