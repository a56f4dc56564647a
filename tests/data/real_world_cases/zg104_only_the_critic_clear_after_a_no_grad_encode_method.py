"""A twin of zg104_encoder_cleared_after_the_critic_forward_of_an_encode_method.py whose `aug_and_encode` returns the
encoder's output from inside `torch.no_grad()`: the critic's loss carries no graph of the encoder, whose clear after
the critic's forward drops nothing a backward of this update will write (the encoder's optimizer steps gradients of
its own elsewhere, or none). Only the critic's clear follows a forward of its backward (ZG104, opt-in)."""
# expect: ZG104 30:9

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
        with torch.no_grad():
            return self.encoder(obs)

    def update_critic(self, obs, target):
        critic_loss = (self.critic(obs) - target).pow(2).mean()
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
