"""Both sub-models cleared, then the optimizer built from exactly their parameters.

Seen in eriklindernoren/PyTorch-GAN implementations/cluster_gan/clustergan.py:
`ge_chain = chain(generator.parameters(), encoder.parameters())`,
`optimizer_GE = Adam(ge_chain)`; each iteration calls `generator.zero_grad()`,
`encoder.zero_grad()`, `discriminator.zero_grad()` and, with no backward in
between, `optimizer_GE.zero_grad()`.
The optimizer is visibly built from those two models' parameters, which are
already clear on every path, so the last clear is redundant (RULES.md ZG103,
reported on the second clear). Up to 97ffad4 only the one-model form
(`gen.zero_grad(); opt.zero_grad()` with `opt = Adam(gen.parameters())`) was
reported; d70929a reports the chain of two models, but not when another
model's clear (`discriminator.zero_grad()`, unrelated to `optimizer_GE`) sits
between them, as in clustergan.
"""
# expect: ZG103 32:9
from itertools import chain

import torch

generator = torch.nn.Linear(4, 4)
encoder = torch.nn.Linear(4, 2)
discriminator = torch.nn.Linear(4, 1)
ge_chain = chain(generator.parameters(), encoder.parameters())
optimizer_GE = torch.optim.Adam(ge_chain, lr=1e-4)

for epoch in range(2):
    for x in [torch.randn(8, 4)] * 4:
        generator.zero_grad()
        encoder.zero_grad()
        discriminator.zero_grad()
        optimizer_GE.zero_grad()
        ge_loss = encoder(generator(x)).pow(2).mean()
        ge_loss.backward()
        optimizer_GE.step()
