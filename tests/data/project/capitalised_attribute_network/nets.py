# expect: clean
"""The networks and their optimizers of an offline RL algorithm, built into a dict the trainer reads (polixir/OfflineRL's
`algo_init`, written here): the trainer binds the Q-network to an attribute whose name starts with a capital."""

import torch
from torch import nn


class QNetwork(nn.Module):
    def __init__(self, obs_dim: int, actions: int):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 64), nn.ReLU(), nn.Linear(64, actions))

    def forward(self, state):
        return self.body(state)


def algo_init(args: dict) -> dict:
    critic = QNetwork(args["obs_dim"], args["actions"])
    critic_opt = torch.optim.Adam(critic.parameters(), lr=args["lr"])
    return {"critic": {"net": critic, "opt": critic_opt}}
