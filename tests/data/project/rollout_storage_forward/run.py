# expect: clean
"""The entry point: each agent of agents/ built and stepped for a number of updates (their clears are reported
there)."""

import torch

from agents.a2c import A2CAgent, EarlyClearAgent
from agents.list_a2c import ListA2CAgent


class ToyEnv:
    def step(self, action):
        return torch.randn(8, 4), torch.randn(8)


def run_buffered(updates=100):
    agent = A2CAgent(torch.nn.Linear(4, 3))
    env, states = ToyEnv(), torch.randn(8, 4)
    for _ in range(updates):
        states = agent.update(env, states)


def run_early_clear(updates=100):
    agent = EarlyClearAgent(torch.nn.Linear(4, 3))
    env, states = ToyEnv(), torch.randn(8, 4)
    for _ in range(updates):
        states = agent.update(env, states)


def run_lists(updates=100):
    agent = ListA2CAgent(torch.nn.Linear(4, 3))
    env, states = ToyEnv(), torch.randn(8, 4)
    for _ in range(updates):
        states = agent.update(env, states)
