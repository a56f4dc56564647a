# expect: clean
"""A projection network whose forward returns the embedding beside the logits (OpenOOD's CutPaste network)."""

import torch.nn as nn


class EmbedNet(nn.Module):
    def __init__(self, dim=16, classes=2):
        super().__init__()
        self.backbone = nn.Linear(32, dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        embed = self.backbone(x)
        return embed, self.head(embed)
