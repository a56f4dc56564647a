"""REINFORCE: log-probs kept over an episode, backpropagated at its end, then dropped."""
import torch
from torch import nn


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 2))
        self.saved_log_probs = []
        self.rewards = []

    def act(self, state):
        dist = torch.distributions.Categorical(logits=self.net(state))
        action = dist.sample()
        self.saved_log_probs.append(dist.log_prob(action))
        return action.item()


def finish_episode(policy, optimizer, gamma=0.99):
    returns, R = [], 0.0
    for r in reversed(policy.rewards):
        R = r + gamma * R
        returns.insert(0, R)
    returns = torch.tensor(returns)
    loss = -(torch.stack(policy.saved_log_probs) * returns).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    del policy.rewards[:]
    del policy.saved_log_probs[:]


def main():
    torch.manual_seed(0)
    policy = Policy()
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-2)
    running_reward = 0.0
    for episode in range(5):
        for t in range(6):
            action = policy.act(torch.randn(4))
            policy.rewards.append(float(action))
        running_reward = 0.95 * running_reward + 0.05 * sum(policy.rewards)
        finish_episode(policy, optimizer)


if __name__ == "__main__":
    main()
