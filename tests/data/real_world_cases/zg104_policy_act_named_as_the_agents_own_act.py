# expect: ZG104 32:21
"""Toni-SM/skrl's multi-agent PPO shape (skrl/multi_agents/torch/ippo/ippo.py, written here): the agent's own `act`
hands back `actions, outputs`, dicts it fills per agent; its update calls `policy.act(...)` on a model handed to it,
of no class the file shows, and clears each agent's optimizer after that forward and before the backward (ZG104,
opt-in). The agent's `act` is the file's one method of that name, not the policy's: what it returns says nothing of
what `policy.act` hands back (reading it so took `outputs` for a value without a graph and lost this report)."""

import torch


class Agents:
    def __init__(self, policies, optimizers, possible_agents):
        self.policies = policies
        self.optimizers = optimizers
        self.possible_agents = possible_agents

    def act(self, observations):
        actions = {}
        outputs = {}
        for uid in self.possible_agents:
            actions[uid], outputs[uid] = self.policies[uid].act(observations[uid])
        return actions, outputs

    def update(self, batches, epochs):
        for epoch in range(epochs):
            for uid in self.possible_agents:
                policy = self.policies[uid]
                for observations, taken, advantages in batches[uid]:
                    _, outputs = policy.act(observations, taken)
                    ratio = torch.exp(outputs["log_prob"] - taken)
                    loss = -(advantages * ratio).mean()
                    self.optimizers[uid].zero_grad()
                    loss.backward()
                    self.optimizers[uid].step()
