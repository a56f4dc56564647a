"""Both sub-models cleared, then the optimizer built from exactly their parameters.

Seen in eriklindernoren/PyTorch-GAN implementations/cluster_gan/clustergan.py:
`ge_chain = chain(generator.parameters(), encoder.parameters())`,
`optimizer_GE = Adam(ge_chain)`; each iteration calls `generator.zero_grad()`,
`encoder.zero_grad()` and, with no backward in between, `optimizer_GE.zero_grad()`.
The optimizer is visibly built from those two models' parameters, which are
already clear on every path, so the third clear is redundant (RULES.md ZG103,
reported on the second clear). The linter reports the one-model form
(`gen.zero_grad(); opt.zero_grad()` with `opt = Adam(gen.parameters())`) but not
this one (coverage through a chain of two models).
"""
# expect: ZG103 27:5
from itertools import chain

import torch

generator = torch.nn.Linear(4, 4)
encoder = torch.nn.Linear(4, 2)
ge_chain = chain(generator.parameters(), encoder.parameters())
optimizer_GE = torch.optim.Adam(ge_chain, lr=1e-4)

for epoch in range(2):
    for x in [torch.randn(8, 4)] * 4:
        generator.zero_grad()
        encoder.zero_grad()
        optimizer_GE.zero_grad()
        ge_loss = encoder(generator(x)).pow(2).mean()
        ge_loss.backward()
        optimizer_GE.step()
