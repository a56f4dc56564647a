"""A planner without `@torch.no_grad()`: the twin of clean602_no_grad_planner_output_kept_by_replay_buffer.py.

Each planned action carries the model's graph, and the episode that keeps it is added to the replay buffer for the
whole run: every step's graph stays alive (RULES.md ZG602, at `buffer += episode`).
"""
# expect: ZG602 37:9

import torch
from torch import nn


class Agent:
    def __init__(self, obs_dim, action_dim):
        self.model = nn.Linear(obs_dim, action_dim)
        self.optim = torch.optim.Adam(self.model.parameters(), lr=1e-3)

    def plan(self, obs):
        return self.model(obs)

    def update(self, buffer):
        self.optim.zero_grad()
        obs, action = buffer.sample()
        loss = (self.model(obs) - action).pow(2).mean()
        loss.backward()
        self.optim.step()


def train(env, buffer, episodes):
    agent = Agent(4, 2)
    for _ in range(episodes):
        obs, done = env.reset(), False
        episode = []
        while not done:
            action = agent.plan(obs)
            obs, reward, done = env.step(action)
            episode.append((obs, action))
        buffer += episode
        agent.update(buffer)
