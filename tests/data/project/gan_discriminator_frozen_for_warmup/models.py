# expect: clean
"""A vocoder's generator and a discriminator (the networks of train.py and train_clear_after_scores.py)."""

import torch.nn as nn


class Generator(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Conv1d(80, 1, 7, padding=3)

    def forward(self, mel):
        return self.net(mel)


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Conv1d(1, 1, 3, padding=1)

    def forward(self, audio):
        return self.net(audio)
