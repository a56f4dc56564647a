# expect: clean
"""The training loop (pfrl's experiments/train_agent.py, reduced): one update of the chosen agent per batch."""

import torch

from agents.clean_dqn import CleanDQN
from agents.dqn import DQN
from agents.ppo import PPO


def train_q_agent(batches, clean=False):
    q_function = torch.nn.Linear(4, 2)
    optimizer = torch.optim.Adam(q_function.parameters(), lr=1e-3)
    agent = CleanDQN(q_function, optimizer) if clean else DQN(q_function, optimizer)
    for batch in batches:
        agent.update(batch)


def train_ppo(batches):
    model = torch.nn.Linear(4, 2)
    agent = PPO(model, torch.optim.Adam(model.parameters(), lr=3e-4))
    for batch in batches:
        agent.update_recurrent(batch)
