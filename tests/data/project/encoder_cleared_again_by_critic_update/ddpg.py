# expect: ZG104 39:13
# expect: ZG104 40:9
"""A DDPG agent from pixels (rll-research/url_benchmark's agent/ddpg.py, written here): `update` encodes the
observations with gradients and hands them to `update_critic`, which clears the encoder's optimizer (built only for
pixels) and the critic's after the critic's forward, backpropagates into both, and steps both (ZG104, opt-in, at each
clear). The subclasses of icm.py and clean_icm.py run `update_critic` after their own module's update."""

import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, obs_dim):
        super().__init__()
        self.trunk = nn.Linear(obs_dim, 32)

    def forward(self, obs):
        return self.trunk(obs)


class DDPGAgent:
    def __init__(self, obs_dim, obs_type):
        if obs_type == "pixels":
            self.encoder = Encoder(obs_dim)
            self.encoder_opt = torch.optim.Adam(self.encoder.parameters(), lr=1e-4)
        else:
            self.encoder = nn.Identity()
            self.encoder_opt = None
        self.critic = nn.Linear(32, 1)
        self.critic_opt = torch.optim.Adam(self.critic.parameters(), lr=1e-4)

    def aug_and_encode(self, obs):
        return self.encoder(obs)

    def update_critic(self, obs, target):
        q = self.critic(obs)
        critic_loss = (q - target).pow(2).mean()
        if self.encoder_opt is not None:
            self.encoder_opt.zero_grad(set_to_none=True)
        self.critic_opt.zero_grad(set_to_none=True)
        critic_loss.backward()
        self.critic_opt.step()
        if self.encoder_opt is not None:
            self.encoder_opt.step()

    def update(self, replay_iter):
        obs, target = next(replay_iter)
        obs = self.aug_and_encode(obs)
        self.update_critic(obs, target)
