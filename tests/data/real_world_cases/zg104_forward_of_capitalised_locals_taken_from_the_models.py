"""A GAN's discriminator update that takes the networks out of the models' dict into capitalised locals
(genforce's runners/losses): `D = models["discriminator"]` is an object, so `D(reals)` is its forward, and the clear
after the loss, before the backward, is ZG104."""
# expect: ZG104 22:13
import torch
import torch.nn.functional as F

models = {"generator": torch.nn.Linear(8, 16), "discriminator": torch.nn.Linear(16, 1)}
d_optimizer = torch.optim.Adam(models["discriminator"].parameters(), lr=1e-4)


def train(loader, epochs: int) -> None:
    for _ in range(epochs):
        for reals in loader:
            G = models["generator"]
            D = models["discriminator"]
            with torch.no_grad():
                fakes = G(torch.randn(reals.shape[0], 8))
            real_scores = D(reals)
            fake_scores = D(fakes)
            loss = F.softplus(fake_scores).mean() + F.softplus(-real_scores).mean()
            d_optimizer.zero_grad()
            loss.backward()
            d_optimizer.step()
