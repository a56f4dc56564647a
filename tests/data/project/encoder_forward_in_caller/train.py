# expect: clean
"""The workspace's loop (train.py in drqv2): one agent update per environment step, the agent made in this module."""

from agent import Agent
from cleared_agent import ClearedAgent


def train(replay_iter, steps, cleared=False):
    agent = ClearedAgent() if cleared else Agent()
    for step in range(steps):
        agent.update(next(replay_iter))
