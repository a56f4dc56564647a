# expect: ZG302 35:29
"""An RLHF trainer in alpaca_farm's shape (src/alpaca_farm/rl/rl_trainer.py:92): the gradient norm it logs reads
`p.grad` over `self.optimizable_params`, a property of the class that keeps only the parameters whose `.grad` is not
None: guarded, nothing to report (the property's return is read for its filters). The twin's property filters on
`requires_grad` only: a parameter the forward skipped has no `.grad` there (a true ZG302)."""

import torch


class RLTrainer:
    def __init__(self, policy):
        self.policy = policy
        self.optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-5)

    @property
    def optimizable_params(self):
        return [p for p in self.policy.parameters() if p.requires_grad and p.grad is not None]

    @torch.inference_mode()
    def compute_grad_norm(self):
        return torch.stack([p.grad.norm(2) for p in self.optimizable_params]).norm(2)


class LeakyRLTrainer:
    def __init__(self, policy):
        self.policy = policy
        self.optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-5)

    @property
    def trainable_params(self):
        return [p for p in self.policy.parameters() if p.requires_grad]

    @torch.inference_mode()
    def compute_grad_norm(self):
        return torch.stack([p.grad.norm(2) for p in self.trainable_params]).norm(2)
