"""A joint generator-and-encoder loss backwarded once, the encoder's step, then a generator-only
loss and the generator's step; both optimizers cleared at the top of the iteration.

Seen in eriklindernoren/PyTorch-GAN implementations/bicyclegan/bicyclegan.py:
`optimizer_E.zero_grad(); optimizer_G.zero_grad()`, the cVAE-GAN and cLR-GAN
losses summed into `loss_GE` (computed through the generator),
`loss_GE.backward(retain_graph=True); optimizer_E.step()`, then
`loss_latent.backward(); optimizer_G.step()`. `loss_GE` is meant for the
generator too, so its gradient in the generator's step is no leak: RULES.md
ZG101 only speaks of gradients left from an earlier iteration, and within one
iteration several backwards before one step are intended (DESIGN.md 13).
"""
# expect: clean
import torch

encoder = torch.nn.Linear(8, 4)
generator = torch.nn.Linear(4, 8)
optimizer_E = torch.optim.Adam(encoder.parameters())
optimizer_G = torch.optim.Adam(generator.parameters())

for real in [torch.randn(2, 8) for _ in range(4)]:
    optimizer_E.zero_grad()
    optimizer_G.zero_grad()
    fake = generator(encoder(real))
    loss_GE = (fake - real).abs().mean()
    loss_GE.backward(retain_graph=True)
    optimizer_E.step()
    loss_latent = (encoder(fake) - torch.zeros(2, 4)).abs().mean()
    loss_latent.backward()
    optimizer_G.step()
