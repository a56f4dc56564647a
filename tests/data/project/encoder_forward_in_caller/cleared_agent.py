# expect: clean
"""The clean twin: both optimizers are cleared in `update`, before the encoder's forward."""

import torch
import torch.nn.functional as F


class ClearedAgent:
    def __init__(self, lr=1e-4):
        self.encoder = torch.nn.Linear(16, 8)
        self.critic = torch.nn.Linear(10, 1)
        self.encoder_opt = torch.optim.Adam(self.encoder.parameters(), lr=lr)
        self.critic_opt = torch.optim.Adam(self.critic.parameters(), lr=lr)

    def update(self, batch):
        obs, action, target = batch
        self.encoder_opt.zero_grad(set_to_none=True)
        self.critic_opt.zero_grad(set_to_none=True)
        obs = self.encoder(obs)
        self.update_critic(obs, action, target)

    def update_critic(self, obs, action, target):
        q = self.critic(torch.cat([obs, action], dim=-1))
        F.mse_loss(q, target).backward()
        self.critic_opt.step()
        self.encoder_opt.step()
