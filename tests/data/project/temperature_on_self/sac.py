# expect: ZG104 31:9
"""A SAC trainer in rail-berkeley/rlkit's shape (sac.py, smac.py, awac_trainer.py): the temperature is a tensor made
to be trained, `self.log_alpha = ptu.zeros(1, requires_grad=True)`, kept on `self` by `__init__`. The update computes
the temperature's loss from it (the policy's log-probability detached) before clearing the temperature's optimizer:
the clear follows the forward of its loss (opt-in ZG104, as cleanrl's local `log_alpha`): an attribute bound once to a
tensor made to be trained is one, as a name is (`ptu.zeros` hands `requires_grad=True` to `torch.zeros`, and the
keyword is what says it)."""

import torch

import ptu


class SACTrainer:
    def __init__(self, policy, target_entropy=-2.0, lr=3e-4):
        self.policy = policy
        self.target_entropy = target_entropy
        self.log_alpha = ptu.zeros(1, requires_grad=True)
        self.alpha_optimizer = torch.optim.Adam([self.log_alpha], lr=lr)
        self.policy_optimizer = torch.optim.Adam(self.policy.parameters(), lr=lr)

    def train_from_torch(self, obs):
        self.policy_optimizer.zero_grad()
        actions = self.policy(obs)
        log_pi = -(actions ** 2).sum(dim=1, keepdim=True)
        policy_loss = (self.log_alpha.exp().detach() * log_pi).mean()
        policy_loss.backward()
        self.policy_optimizer.step()

        alpha_loss = -(self.log_alpha * (log_pi + self.target_entropy).detach()).mean()
        self.alpha_optimizer.zero_grad()
        alpha_loss.backward()
        self.alpha_optimizer.step()
