"""A model-based agent's planner, decorated `@torch.no_grad()`, whose actions an episode keeps in the replay buffer.

Shape of nicklashansen/tdmpc (src/algorithm/tdmpc.py's `TDMPC.plan` and src/train.py's episode loop, written here):
the loop appends each planned action to the episode and adds the episode to the buffer that `update` samples its
batches from. The planner's forward runs without autograd recording (the decorator), so the kept actions hold no graph
(RULES.md ZG602). main 88e6597 reported ZG602 at `buffer += episode`: an assignment's value was judged by the context of
its call site only, not by the decorator of the def the call is inlined into. Found with the project gate let in on the
word `episode` (the corpus's tree itself says neither epoch nor loader).
"""
# expect: clean

import torch
from torch import nn


class Agent:
    def __init__(self, obs_dim, action_dim):
        self.model = nn.Linear(obs_dim, action_dim)
        self.optim = torch.optim.Adam(self.model.parameters(), lr=1e-3)

    @torch.no_grad()
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
