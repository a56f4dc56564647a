# expect: ZG104 23:9
# expect: ZG104 25:13
"""The ICM agent (url_benchmark's agent/icm.py, written here): `update` encodes the observations with gradients,
`update_icm` clears the ICM module's optimizer and the encoder's after the ICM forward and backpropagates into both
(ZG104, opt-in, at each clear), then the base's `update_critic` runs on the detached observations. The encoder's
clear was missed while the ICM loss's graph was read only as `update` writes it: `self.aug_and_encode` names no
model, so the loss seemed to run through the ICM module alone, and the encoder's step to apply another backward's."""

import torch
from torch import nn

from ddpg import DDPGAgent


class ICMAgent(DDPGAgent):
    def __init__(self, obs_dim, obs_type):
        super().__init__(obs_dim, obs_type)
        self.icm = nn.Linear(32, 1)
        self.icm_opt = torch.optim.Adam(self.icm.parameters(), lr=1e-4)

    def update_icm(self, obs, next_obs):
        loss = (self.icm(obs) - self.icm(next_obs)).pow(2).mean()
        self.icm_opt.zero_grad(set_to_none=True)
        if self.encoder_opt is not None:
            self.encoder_opt.zero_grad(set_to_none=True)
        loss.backward()
        self.icm_opt.step()
        if self.encoder_opt is not None:
            self.encoder_opt.step()

    def update(self, replay_iter):
        obs, next_obs, target = next(replay_iter)
        obs = self.aug_and_encode(obs)
        with torch.no_grad():
            next_obs = self.aug_and_encode(next_obs)
        self.update_icm(obs, next_obs)
        self.update_critic(obs.detach(), target)
