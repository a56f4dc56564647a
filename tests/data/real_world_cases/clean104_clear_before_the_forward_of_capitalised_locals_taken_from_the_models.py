"""zg104_forward_of_capitalised_locals_taken_from_the_models.py's clean twin: the clear comes before `D(reals)`."""
# expect: clean
import torch
import torch.nn.functional as F

models = {"generator": torch.nn.Linear(8, 16), "discriminator": torch.nn.Linear(16, 1)}
d_optimizer = torch.optim.Adam(models["discriminator"].parameters(), lr=1e-4)


def train(loader, epochs: int) -> None:
    for _ in range(epochs):
        for reals in loader:
            G = models["generator"]
            D = models["discriminator"]
            d_optimizer.zero_grad()
            with torch.no_grad():
                fakes = G(torch.randn(reals.shape[0], 8))
            real_scores = D(reals)
            fake_scores = D(fakes)
            loss = F.softplus(fake_scores).mean() + F.softplus(-real_scores).mean()
            loss.backward()
            d_optimizer.step()
