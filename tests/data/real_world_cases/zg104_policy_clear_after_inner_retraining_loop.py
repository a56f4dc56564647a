"""The policy's forward, a loop retraining another network, then the policy's clear and backward.

Shape of rail-berkeley/rlkit's AWAC `train_from_torch`: `dist = self.policy(obs)` builds the policy's loss, then,
every few steps, a loop retrains the buffer policy (its own clear, forward, backward and step each pass), then
`self.policy_optimizer.zero_grad()`, `policy_loss.backward()`, `self.policy_optimizer.step()`. The policy's clear
runs after its forward and before its backward on every path: ZG104 (opt-in). main e616dc2 missed it: the inner
loop's back edge dropped every pending forward, the policy's too, though nothing in the loop runs it again or
consumes it (`GradientDomain.back_edge` now drops only the forward passes the loop's body runs).
"""
# expect: ZG104 32:9
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
        log_prob = self.policy(obs).log_softmax(-1).gather(1, actions[:, None]).squeeze(1)
        policy_loss = -log_prob.mean()
        if reset:
            for _ in range(self.reset_steps):
                self.buffer_policy_optimizer.zero_grad()
                buffer_loss = nn.functional.cross_entropy(self.buffer_policy(obs), actions)
                buffer_loss.backward()
                self.buffer_policy_optimizer.step()
        self.policy_optimizer.zero_grad()
        policy_loss.backward()
        self.policy_optimizer.step()


trainer = Trainer(nn.Linear(4, 3), nn.Linear(4, 3))
for step in range(10):
    trainer.train_on(torch.randn(8, 4), torch.randint(0, 3, (8,)), reset=step % 5 == 0)
