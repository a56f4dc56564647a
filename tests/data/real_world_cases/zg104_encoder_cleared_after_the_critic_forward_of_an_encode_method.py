"""A DDPG agent from pixels (rll-research/url_benchmark's agent/ddpg.py, written here): `update` encodes the
observations with gradients through its own `aug_and_encode`, whose value is the encoder's output, and hands them to
`update_critic`, which clears the encoder's optimizer and the critic's after the critic's forward and before the
backward that reaches both (ZG104, opt-in, at each clear). The encoder's clear was missed while the loss's graph was
read only as the caller writes it: `self.aug_and_encode` names no model, so the critic's loss seemed to run through
the critic alone, and the encoder's step to apply another backward's gradients."""
# expect: ZG104 31:13
# expect: ZG104 32:9

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
