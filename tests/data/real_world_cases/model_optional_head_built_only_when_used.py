"""An optional head built only when configured, and used whenever it exists.

Shape of detection/segmentation models: `self.aux_head = nn.Linear(...) if
cfg.aux else None`, and `if self.aux_head is not None:` in `forward`. When the
head exists it is used on every path, so its parameters get gradients; the
gradient logger after the backward shows no None (RULES.md ZG301): ZG302 only.
"""
# expect: ZG302 33:17
import torch
from torch import nn


class Segmenter(nn.Module):
    def __init__(self, aux=True):
        super().__init__()
        self.encoder = nn.Linear(8, 16)
        self.decoder = nn.Linear(16, 4)
        self.aux_head = nn.Linear(16, 4) if aux else None

    def forward(self, x):
        h = torch.relu(self.encoder(x))
        out = self.decoder(h)
        if self.aux_head is not None:
            out = out + 0.4 * self.aux_head(h)
        return out


model = Segmenter()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for x, y in loader:
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    stats = {n: p.grad.abs().mean().item() for n, p in model.named_parameters()}
    optimizer.step()
