# expect: ZG104 27:9
"""An advantage actor-critic agent: each `update` runs the network over a rollout, keeps its outputs in the rollout
buffer of rollout.py and builds the loss from what the buffer gives back. The clear runs after those forward
passes and before the backward (opt-in ZG104); `EarlyClearAgent` clears before the rollout (clean)."""

import torch

from agents.rollout import Rollout


class A2CAgent:
    def __init__(self, network, lr=7e-4, rollout_length=5):
        self.network = network
        self.optimizer = torch.optim.RMSprop(network.parameters(), lr=lr)
        self.rollout_length = rollout_length

    def update(self, env, states):
        rollout = Rollout(["log_prob", "value", "reward"])
        for _ in range(self.rollout_length):
            out = self.network(states)
            log_prob = torch.log_softmax(out[:, :2], dim=-1)[:, 0]
            states, reward = env.step(log_prob.detach())
            rollout.feed({"log_prob": log_prob, "value": out[:, 2], "reward": reward})
        log_prob, value, reward = rollout.extract(["log_prob", "value", "reward"])
        advantage = (reward - value).detach()
        loss = -(log_prob * advantage).mean() + 0.5 * (reward - value).pow(2).mean()
        self.optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.network.parameters(), 0.5)
        self.optimizer.step()
        return states


class EarlyClearAgent(A2CAgent):
    def update(self, env, states):
        self.optimizer.zero_grad()
        rollout = Rollout(["log_prob", "value", "reward"])
        for _ in range(self.rollout_length):
            out = self.network(states)
            log_prob = torch.log_softmax(out[:, :2], dim=-1)[:, 0]
            states, reward = env.step(log_prob.detach())
            rollout.feed({"log_prob": log_prob, "value": out[:, 2], "reward": reward})
        log_prob, value, reward = rollout.extract(["log_prob", "value", "reward"])
        advantage = (reward - value).detach()
        loss = -(log_prob * advantage).mean() + 0.5 * (reward - value).pow(2).mean()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.network.parameters(), 0.5)
        self.optimizer.step()
        return states
