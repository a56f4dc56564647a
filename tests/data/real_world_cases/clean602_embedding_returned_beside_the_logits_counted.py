# expect: clean
"""zg602_embedding_returned_beside_the_logits_kept.py's clean twin: what the forward returns beside the logits is the
count of confident predictions, `(probs.amax(-1) > 0.9).sum()`, a comparison summed: it carries no autograd graph,
and keeping it across the epoch keeps no graph alive."""

import torch
import torch.nn.functional as F
from torch import nn


class CountingNet(nn.Module):
    def __init__(self, dim=16, classes=2):
        super().__init__()
        self.backbone = nn.Linear(32, dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        logits = self.head(self.backbone(x))
        confident = (logits.softmax(-1).amax(-1) > 0.9).sum()
        return confident, logits


net = CountingNet()
optimizer = torch.optim.SGD(net.parameters(), lr=0.03, momentum=0.9)
loader = [(torch.randn(4, 32), torch.randint(0, 2, (4,))) for _ in range(8)]
counts = []
for data, y in loader:
    optimizer.zero_grad()
    confident, logits = net(data)
    loss = F.cross_entropy(logits, y)
    counts.append(confident)
    loss.backward()
    optimizer.step()
total = torch.stack(counts).sum()
