"""A closure decorated with torch.enable_grad, handed by keyword; an Rprop full-batch loop."""
import torch

torch.manual_seed(0)
x, y = torch.randn(20, 3), torch.randn(20, 1)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.LBFGS(model.parameters(), max_iter=3)


@torch.enable_grad()
def closure():
    optimizer.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    return loss


for _ in range(3):
    optimizer.step(closure=closure)
rprop = torch.optim.Rprop(model.parameters())
for _ in range(3):
    rprop.zero_grad()
    torch.nn.functional.mse_loss(model(x), y).backward()
    rprop.step()
