# expect: clean
"""The clean twin: the agent clears before its forward and hands the loss to `step_params` (no report whatever
the loop's words)."""

import torch
from torch import nn
from torch.optim import Adam

from utils import step_params


class CleanAgent:
    def __init__(self, memory, num_steps):
        self.memory = memory
        self.num_steps = num_steps
        self.online_critic = nn.Linear(4, 2)
        self.q_optim = Adam(self.online_critic.parameters(), lr=3e-4)

    def run(self):
        for _ in range(self.num_steps):
            self.learn()

    def learn(self):
        self.q_optim.zero_grad()
        states, actions, targets = self.memory.sample(64)
        q = self.online_critic(states).gather(1, actions)
        step_params(self.q_optim, torch.mean((q - targets).pow(2)))
