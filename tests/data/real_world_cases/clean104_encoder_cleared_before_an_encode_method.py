"""The twin of zg104_encoder_cleared_after_the_critic_forward_of_an_encode_method.py: `update` clears the encoder's
optimizer and the critic's before `aug_and_encode` runs the encoder, and `update_critic` only computes the loss,
backpropagates it into both and steps both."""
# expect: clean

import torch
from torch import nn


class DDPGAgent:
    def __init__(self, obs_dim, obs_type):
        if obs_type == "pixels":
            self.encoder = nn.Linear(obs_dim, 32)
            self.encoder_opt = torch.optim.Adam(self.encoder.parameters(), lr=1e-4)
        else:
            self.encoder = nn.Identity()
            self.encoder_opt = None
        self.critic = nn.Linear(32, 1)
        self.critic_opt = torch.optim.Adam(self.critic.parameters(), lr=1e-4)

    def aug_and_encode(self, obs):
        return self.encoder(obs)

    def update_critic(self, obs, target):
        critic_loss = (self.critic(obs) - target).pow(2).mean()
        critic_loss.backward()
        self.critic_opt.step()
        if self.encoder_opt is not None:
            self.encoder_opt.step()

    def update(self, replay_iter):
        if self.encoder_opt is not None:
            self.encoder_opt.zero_grad(set_to_none=True)
        self.critic_opt.zero_grad(set_to_none=True)
        obs, target = next(replay_iter)
        obs = self.aug_and_encode(obs)
        self.update_critic(obs, target)
