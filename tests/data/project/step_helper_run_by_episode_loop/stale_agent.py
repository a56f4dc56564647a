# expect: clean
"""agent.py's buggy twin: `learn` hands its loss to `step_params`, which does not clear, and nothing else clears the
critic's optimizer, so each update applies the sum of every earlier update's gradients (ZG101 in utils.py)."""

import torch
from torch import nn
from torch.optim import Adam

from utils import step_params


class StaleAgent:
    def __init__(self, env, memory, num_steps):
        self.env = env
        self.memory = memory
        self.num_steps = num_steps
        self.steps = 0
        self.online_critic = nn.Linear(4, 2)
        self.q_optim = Adam(self.online_critic.parameters(), lr=3e-4)

    def run(self):
        while self.steps <= self.num_steps:
            self.train_episode()

    def train_episode(self):
        state, done = self.env.reset(), False
        while not done:
            state, reward, done = self.env.step(self.env.sample_action())
            self.steps += 1
            self.learn()

    def learn(self):
        states, actions, targets = self.memory.sample(64)
        q = self.online_critic(states).gather(1, actions)
        step_params(self.q_optim, torch.mean((q - targets).pow(2)))
