# expect: clean
"""A PPO agent: actor and critic through the base's plain helper, each objective handed back as a number."""

import torch

from .base import AgentBase


class AgentPPO(AgentBase):
    def __init__(self, net_dims, state_dim, action_dim, args) -> None:
        super().__init__(net_dims, state_dim, action_dim, args)
        self.act = torch.nn.Sequential(torch.nn.Linear(state_dim, net_dims[0]), torch.nn.Tanh(), torch.nn.Linear(net_dims[0], action_dim))
        self.cri = torch.nn.Sequential(torch.nn.Linear(state_dim, net_dims[0]), torch.nn.Tanh(), torch.nn.Linear(net_dims[0], 1))
        self.act_optimizer = torch.optim.AdamW(self.act.parameters(), lr=args.learning_rate)
        self.cri_optimizer = torch.optim.AdamW(self.cri.parameters(), lr=args.learning_rate)
        self.criterion = torch.nn.MSELoss()

    def update_objectives(self, buffer, update_t: int) -> tuple:
        state, action, logprob, advantage, reward_sum = buffer.sample(self.batch_size)
        value = self.cri(state).squeeze(1)
        obj_critic = self.criterion(value, reward_sum)
        self.optimizer_backward(self.cri_optimizer, obj_critic)

        new_logprob = self.act(state).log_softmax(dim=1).gather(1, action.long()).squeeze(1)
        ratio = (new_logprob - logprob.detach()).exp()
        obj_actor = -(advantage * ratio).mean()
        self.optimizer_backward(self.act_optimizer, obj_actor)
        return obj_critic.item(), obj_actor.item()
