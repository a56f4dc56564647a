# expect: clean
"""A discrete SAC agent (sac-discrete's `BaseAgent`/`SacdAgent`, written here): the run loop plays episodes, and each
environment step past the warm-up calls `learn`, which builds the critics' losses from one forward of the twinned
Q-network and hands each to the helper of utils.py. The words of a reinforcement-learning loop: episodes, steps and
a replay memory; the project gate lets the file in on `episode` (`LOOP_WORDS`), and the helper's clear is found."""

import torch
from torch import nn
from torch.optim import Adam

from utils import update_params


class TwinnedQNetwork(nn.Module):
    def __init__(self, n_states, n_actions):
        super().__init__()
        self.Q1 = nn.Linear(n_states, n_actions)
        self.Q2 = nn.Linear(n_states, n_actions)

    def forward(self, states):
        return self.Q1(states), self.Q2(states)


class SacdAgent:
    def __init__(self, env, memory, num_steps):
        self.env = env
        self.memory = memory
        self.num_steps = num_steps
        self.steps = 0
        self.online_critic = TwinnedQNetwork(4, 2)
        self.q1_optim = Adam(self.online_critic.Q1.parameters(), lr=3e-4)
        self.q2_optim = Adam(self.online_critic.Q2.parameters(), lr=3e-4)

    def run(self):
        while self.steps <= self.num_steps:
            self.train_episode()

    def train_episode(self):
        state, done = self.env.reset(), False
        while not done:
            state, reward, done = self.env.step(self.env.sample_action())
            self.steps += 1
            self.learn()

    def calc_critic_loss(self, batch):
        states, actions, targets = batch
        curr_q1, curr_q2 = self.online_critic(states)
        q1 = curr_q1.gather(1, actions)
        q2 = curr_q2.gather(1, actions)
        return torch.mean((q1 - targets).pow(2)), torch.mean((q2 - targets).pow(2))

    def learn(self):
        batch = self.memory.sample(64)
        q1_loss, q2_loss = self.calc_critic_loss(batch)
        update_params(self.q1_optim, q1_loss)
        update_params(self.q2_optim, q2_loss)
