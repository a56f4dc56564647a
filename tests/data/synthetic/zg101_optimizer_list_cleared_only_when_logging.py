"""The loop over the optimizers that clears them sits under the logging test: most iterations never clear."""
# expect: ZG101 22:9
# expect: ZG101 23:9
import torch
from torch import nn

encoder = nn.Linear(6, 3)
decoder = nn.Linear(3, 6)
optimizers = [torch.optim.Adam(encoder.parameters()), torch.optim.Adam(decoder.parameters())]
LOG_EVERY = 50


def fit(batches):
    for step, x in enumerate(batches):
        if step % LOG_EVERY == 0:
            print(step)
            for optimizer in optimizers:
                optimizer.zero_grad()
        reconstruction = decoder(encoder(x))
        loss = (reconstruction - x).pow(2).mean()
        loss.backward()
        optimizers[0].step()
        optimizers[1].step()


fit([torch.randn(5, 6) for _ in range(3)])
