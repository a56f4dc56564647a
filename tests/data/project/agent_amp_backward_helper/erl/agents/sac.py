# expect: clean
"""A SAC agent handing back its objectives as the tensors it backpropagated: the base's `update_net` sums them across
its updates, keeping every update's graph alive until the rollout's updates end (reported in base.py)."""

import torch

from .base import AgentBase


class AgentSAC(AgentBase):
    def __init__(self, net_dims, state_dim, action_dim, args) -> None:
        super().__init__(net_dims, state_dim, action_dim, args)
        self.act = torch.nn.Sequential(torch.nn.Linear(state_dim, net_dims[0]), torch.nn.ReLU(), torch.nn.Linear(net_dims[0], action_dim))
        self.cri = torch.nn.Sequential(torch.nn.Linear(state_dim + action_dim, net_dims[0]), torch.nn.ReLU(), torch.nn.Linear(net_dims[0], 1))
        self.act_optimizer = torch.optim.Adam(self.act.parameters(), lr=args.learning_rate)
        self.cri_optimizer = torch.optim.Adam(self.cri.parameters(), lr=args.learning_rate)
        self.criterion = torch.nn.MSELoss()

    def update_objectives(self, buffer, update_t: int) -> tuple:
        state, action, reward, undone, next_state = buffer.sample(self.batch_size)
        q_value = self.cri(torch.cat((state, action), dim=1))
        obj_critic = self.criterion(q_value, reward)
        self.optimizer_backward(self.cri_optimizer, obj_critic)

        action_pg = self.act(state).tanh()
        obj_actor = -self.cri(torch.cat((state, action_pg), dim=1)).mean()
        self.optimizer_backward(self.act_optimizer, obj_actor)
        return obj_critic, obj_actor
