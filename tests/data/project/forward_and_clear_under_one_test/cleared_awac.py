# expect: clean
"""The clean twin: every optimizer is cleared at the top of the update, before the forward passes."""

import torch


class ClearedAWACTrainer:
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
        self.qf1_optimizer.zero_grad()
        self.policy_optimizer.zero_grad()
        if self.train_bc_on_rl_buffer:
            self.buffer_policy_optimizer.zero_grad()
        q1_pred = self.qf1(torch.cat([obs, actions], 1))
        qf1_loss = ((q1_pred - q_target) ** 2).mean()
        policy_loss = ((self.policy(obs) - actions) ** 2).mean()
        if self.train_bc_on_rl_buffer:
            buffer_policy_loss = ((self.buffer_policy(obs) - actions) ** 2).mean()

        qf1_loss.backward()
        self.qf1_optimizer.step()

        policy_loss.backward()
        self.policy_optimizer.step()

        if self.train_bc_on_rl_buffer:
            buffer_policy_loss.backward()
            self.buffer_policy_optimizer.step()
