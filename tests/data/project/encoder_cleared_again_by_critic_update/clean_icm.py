# expect: clean
"""icm.py's clean twin: the ICM module's optimizer and the encoder's are cleared at the top of `update`, before the
encoder's forward; `update_icm` only backpropagates and steps."""

import torch
from torch import nn

from ddpg import DDPGAgent


class CleanICMAgent(DDPGAgent):
    def __init__(self, obs_dim, obs_type):
        super().__init__(obs_dim, obs_type)
        self.icm = nn.Linear(32, 1)
        self.icm_opt = torch.optim.Adam(self.icm.parameters(), lr=1e-4)

    def update_icm(self, obs, next_obs):
        loss = (self.icm(obs) - self.icm(next_obs)).pow(2).mean()
        loss.backward()
        self.icm_opt.step()
        if self.encoder_opt is not None:
            self.encoder_opt.step()

    def update(self, replay_iter):
        self.icm_opt.zero_grad(set_to_none=True)
        if self.encoder_opt is not None:
            self.encoder_opt.zero_grad(set_to_none=True)
        obs, next_obs, target = next(replay_iter)
        obs = self.aug_and_encode(obs)
        with torch.no_grad():
            next_obs = self.aug_and_encode(next_obs)
        self.update_icm(obs, next_obs)
        self.update_critic(obs.detach(), target)
