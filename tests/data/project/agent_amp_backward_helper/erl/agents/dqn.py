# expect: clean
"""A DQN agent: its critic's objective goes through the base's mixed-precision helper (which clips before unscaling:
reported in base.py); the objective handed back is a number."""

import torch

from .base import AgentBase


class AgentDQN(AgentBase):
    def __init__(self, net_dims, state_dim, action_dim, args) -> None:
        super().__init__(net_dims, state_dim, action_dim, args)
        self.cri = torch.nn.Sequential(torch.nn.Linear(state_dim, net_dims[0]), torch.nn.ReLU(), torch.nn.Linear(net_dims[0], action_dim))
        self.cri_target = torch.nn.Sequential(torch.nn.Linear(state_dim, net_dims[0]), torch.nn.ReLU(), torch.nn.Linear(net_dims[0], action_dim))
        self.cri_optimizer = torch.optim.Adam(self.cri.parameters(), lr=args.learning_rate)
        self.criterion = torch.nn.SmoothL1Loss()

    def update_objectives(self, buffer, update_t: int) -> tuple:
        with torch.no_grad():
            state, action, reward, undone, next_state = buffer.sample(self.batch_size)
            next_q = self.cri_target(next_state).max(dim=1, keepdim=True)[0]
            q_label = reward + undone * next_q
        q_value = self.cri(state).gather(1, action.long())
        obj_critic = self.criterion(q_value, q_label)
        self.optimizer_backward_amp(self.cri_optimizer, obj_critic)
        return obj_critic.item(), q_value.mean().item()
