# expect: clean
"""The algorithms' loops (rlkit/core/batch_rl_algorithm.py's shape): one trainer update per sampled batch."""

import torch

from agent import Agent
from ddpg import DDPGTrainer
from td3 import TD3Trainer


class Critic(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(6, 1)

    def forward(self, obs, actions):
        return self.net(torch.cat([obs, actions], 1))


def sample(n=32):
    return torch.randn(n, 4), torch.randn(n, 2), torch.randn(n, 1)


def train(num_steps, twin=False):
    trainer = (TD3Trainer if twin else DDPGTrainer)(torch.nn.Linear(4, 2), Critic())
    for _ in range(num_steps):
        trainer.train(sample())


def train_agent(num_steps):
    agent = Agent()
    for _ in range(num_steps):
        agent.update(*sample())
