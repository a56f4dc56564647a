# expect: ZG104 27:9
"""The same agent keeping the rollout's outputs in plain lists: `append` in the rollout, `torch.cat` after it. The
loss reaches the forward passes only through those lists; the clear between them and the backward is the same
opt-in ZG104."""

import torch


class ListA2CAgent:
    def __init__(self, network, lr=7e-4, rollout_length=5):
        self.network = network
        self.optimizer = torch.optim.RMSprop(network.parameters(), lr=lr)
        self.rollout_length = rollout_length

    def update(self, env, states):
        log_probs, values, rewards = [], [], []
        for _ in range(self.rollout_length):
            out = self.network(states)
            log_prob = torch.log_softmax(out[:, :2], dim=-1)[:, 0]
            states, reward = env.step(log_prob.detach())
            log_probs.append(log_prob)
            values.append(out[:, 2])
            rewards.append(reward)
        log_prob, value, reward = torch.cat(log_probs), torch.cat(values), torch.cat(rewards)
        advantage = (reward - value).detach()
        loss = -(log_prob * advantage).mean() + 0.5 * (reward - value).pow(2).mean()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return states
