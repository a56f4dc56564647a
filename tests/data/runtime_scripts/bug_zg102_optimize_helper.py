"""The clear sits between the backward and the step, inside an `optimize` helper."""
import torch
from torch import nn


class Agent:
    def __init__(self):
        self.policy = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2))
        self.optimizer = torch.optim.Adam(self.policy.parameters(), lr=1e-3)

    def optimize(self, loss):
        loss.backward()
        self.optimizer.zero_grad()  # <- ZG102
        self.optimizer.step()

    def learn(self, episodes=3):
        for _ in range(episodes):
            obs = torch.randn(5, 4)
            loss = -self.policy(obs).log_softmax(-1)[:, 0].mean()
            self.optimize(loss)


if __name__ == "__main__":
    torch.manual_seed(0)
    Agent().learn()
