"""The clean twin of zg104_policy_clear_after_inner_retraining_loop.py: the policy's clear comes first.

The policy's clear runs before its forward, then a loop retrains the buffer policy (its clear first in each pass),
then the policy's backward and step: the conventional order, nothing to report. The forward run before the inner
loop stays pending across it, and no clear follows it.
"""
# expect: clean
import torch
from torch import nn


class Trainer:
    def __init__(self, policy: nn.Module, buffer_policy: nn.Module, reset_steps: int = 5):
        self.policy = policy
        self.buffer_policy = buffer_policy
        self.policy_optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)
        self.buffer_policy_optimizer = torch.optim.Adam(buffer_policy.parameters(), lr=1e-3)
        self.reset_steps = reset_steps

    def train_on(self, obs, actions, reset):
        self.policy_optimizer.zero_grad()
        log_prob = self.policy(obs).log_softmax(-1).gather(1, actions[:, None]).squeeze(1)
        policy_loss = -log_prob.mean()
        if reset:
            for _ in range(self.reset_steps):
                self.buffer_policy_optimizer.zero_grad()
                buffer_loss = nn.functional.cross_entropy(self.buffer_policy(obs), actions)
                buffer_loss.backward()
                self.buffer_policy_optimizer.step()
        policy_loss.backward()
        self.policy_optimizer.step()


trainer = Trainer(nn.Linear(4, 3), nn.Linear(4, 3))
for step in range(10):
    trainer.train_on(torch.randn(8, 4), torch.randint(0, 3, (8,)), reset=step % 5 == 0)
