# expect: ZG104 32:9
# expect: ZG104 36:9
# expect: ZG104 41:13
"""An AWAC trainer in rail-berkeley/rlkit's shape (awac_trainer.py): the buffer policy's behaviour-cloning loss is
computed under `if self.train_bc_on_rl_buffer:` with the other losses, and updated under the same test after them.
Each clear follows the forward of its loss (opt-in ZG104 on each). Once missed: the buffer policy's clear, whose
forward and clear sit each under its own `if` of the one test: a test around only a forward pass decided no gradient
event, so its atom was not kept and the path with no forward met the clear. A forward pass decides one
(`flow.CorrelationPlan.of`, `forwards`)."""

import torch


class AWACTrainer:
    def __init__(self, policy, buffer_policy, qf1, train_bc_on_rl_buffer=True, lr=3e-4):
        self.policy = policy
        self.buffer_policy = buffer_policy
        self.qf1 = qf1
        self.train_bc_on_rl_buffer = train_bc_on_rl_buffer
        self.policy_optimizer = torch.optim.Adam(self.policy.parameters(), lr=lr)
        self.buffer_policy_optimizer = torch.optim.Adam(self.buffer_policy.parameters(), lr=lr)
        self.qf1_optimizer = torch.optim.Adam(self.qf1.parameters(), lr=lr)

    def train_from_torch(self, batch):
        obs, actions, q_target = batch
        q1_pred = self.qf1(torch.cat([obs, actions], 1))
        qf1_loss = ((q1_pred - q_target) ** 2).mean()
        policy_loss = ((self.policy(obs) - actions) ** 2).mean()
        if self.train_bc_on_rl_buffer:
            buffer_policy_loss = ((self.buffer_policy(obs) - actions) ** 2).mean()

        self.qf1_optimizer.zero_grad()
        qf1_loss.backward()
        self.qf1_optimizer.step()

        self.policy_optimizer.zero_grad()
        policy_loss.backward()
        self.policy_optimizer.step()

        if self.train_bc_on_rl_buffer:
            self.buffer_policy_optimizer.zero_grad()
            buffer_policy_loss.backward()
            self.buffer_policy_optimizer.step()
