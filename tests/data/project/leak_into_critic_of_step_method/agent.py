# expect: ZG104 31:9
"""The same update on an agent that builds its networks in `__init__`, run by run.py's loop as `agent.update(batch)`
(the method inlined on the instance, whose optimizers the loop knows as `agent.policy_optimizer` and
`agent.qf_optimizer`): the policy's backward fills the critic's gradients, the critic's clear must stay after it;
only the policy's clear is reported (opt-in ZG104)."""

import torch


class Critic(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(6, 1)

    def forward(self, obs, actions):
        return self.net(torch.cat([obs, actions], 1))


class Agent:
    def __init__(self, lr=1e-3):
        self.policy = torch.nn.Linear(4, 2)
        self.qf = Critic()
        self.policy_optimizer = torch.optim.Adam(self.policy.parameters(), lr=lr)
        self.qf_optimizer = torch.optim.Adam(self.qf.parameters(), lr=lr)

    def update(self, obs, actions, q_target):
        policy_loss = -self.qf(obs, self.policy(obs)).mean()
        q_pred = self.qf(obs, actions)
        qf_loss = ((q_pred - q_target) ** 2).mean()

        self.policy_optimizer.zero_grad()
        policy_loss.backward()
        self.policy_optimizer.step()

        self.qf_optimizer.zero_grad()
        qf_loss.backward()
        self.qf_optimizer.step()
