# expect: ZG104 29:9
# expect: ZG104 30:9
"""An image-based actor-critic agent in facebookresearch/drqv2's shape: `update` encodes the observations, then
`update_critic` computes the critic's loss from them and clears the encoder's and the critic's optimizers before
its backward, which reaches the encoder through `obs`. Both clears follow a forward of their own network (opt-in
ZG104 on each): the critic's, whose forward is in `update_critic`, is found; the encoder's, whose forward is in
the caller and reaches the callee as the parameter `obs`, is missed (the loss's forward is read in the function
that backpropagates it only)."""

import torch
import torch.nn.functional as F


class Agent:
    def __init__(self, lr=1e-4):
        self.encoder = torch.nn.Linear(16, 8)
        self.critic = torch.nn.Linear(10, 1)
        self.encoder_opt = torch.optim.Adam(self.encoder.parameters(), lr=lr)
        self.critic_opt = torch.optim.Adam(self.critic.parameters(), lr=lr)

    def update(self, batch):
        obs, action, target = batch
        obs = self.encoder(obs)
        self.update_critic(obs, action, target)

    def update_critic(self, obs, action, target):
        q = self.critic(torch.cat([obs, action], dim=-1))
        critic_loss = F.mse_loss(q, target)
        self.encoder_opt.zero_grad(set_to_none=True)
        self.critic_opt.zero_grad(set_to_none=True)
        critic_loss.backward()
        self.critic_opt.step()
        self.encoder_opt.step()
