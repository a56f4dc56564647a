# expect: clean
"""The project's networks: a vocoder and a critic, both `nn.Module`s."""

from torch import nn


class Vocoder(nn.Module):
    def __init__(self, channels=80):
        super().__init__()
        self.body = nn.Conv1d(channels, 1, 3, padding=1)

    def forward(self, mel):
        return self.body(mel)


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Conv1d(1, 1, 3, padding=1)

    def forward(self, wav):
        return self.body(wav).mean(dim=(1, 2))


class PitchCritic(Critic):
    pass
