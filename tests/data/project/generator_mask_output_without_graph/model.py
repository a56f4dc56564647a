# expect: clean
"""The generator (Mddct/transformer-vocos's shape, written here): its forward hands back the waveform and the mask
of the samples it covers, `(folded > 0).to(torch.float32)`, a comparison of an overlap-add of ones: the mask carries
no graph, whatever the network's parameters."""

import torch
from torch import nn


class Generator(nn.Module):
    def __init__(self, mels, hop):
        super().__init__()
        self.net = nn.Conv1d(mels, hop, 3, padding=1)
        self.hop = hop

    def forward(self, mel, mel_mask):
        frames = self.net(mel) * mel_mask.unsqueeze(1)
        wav = frames.transpose(1, 2).reshape(mel.shape[0], -1)
        covered = mel_mask.repeat_interleave(self.hop, dim=1)
        mask = (covered > 0).to(torch.float32)
        return wav * mask, mask


class GatedGenerator(nn.Module):
    """The twin's generator: the second output is a learned gain, `sigmoid(gate(mel))`, with the network's graph."""

    def __init__(self, mels, hop):
        super().__init__()
        self.net = nn.Conv1d(mels, hop, 3, padding=1)
        self.gate = nn.Conv1d(mels, hop, 3, padding=1)

    def forward(self, mel, mel_mask):
        wav = self.net(mel).transpose(1, 2).reshape(mel.shape[0], -1)
        gain = torch.sigmoid(self.gate(mel)).transpose(1, 2).reshape(mel.shape[0], -1)
        return wav * gain, gain
