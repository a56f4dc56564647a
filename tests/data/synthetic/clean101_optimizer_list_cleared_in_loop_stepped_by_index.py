"""A list of optimizers cleared in a loop over it and stepped one by one by index."""
# expect: clean
import torch
from torch import nn

encoder = nn.Linear(6, 3)
decoder = nn.Linear(3, 6)
optimizers = [torch.optim.SGD(encoder.parameters(), lr=0.1, momentum=0.9), torch.optim.AdamW(decoder.parameters())]


def fit(batches):
    for x in batches:
        for optimizer in optimizers:
            optimizer.zero_grad()
        reconstruction = decoder(encoder(x))
        loss = (reconstruction - x).pow(2).mean()
        loss.backward()
        optimizers[0].step()
        optimizers[1].step()


fit([torch.randn(5, 6) for _ in range(3)])
