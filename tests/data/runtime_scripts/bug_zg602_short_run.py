"""Only four steps, but every loss is kept with its graph in `step_losses`."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
step_losses = []
for step in range(4):
    optimizer.zero_grad()
    loss = model(torch.randn(2, 3)).pow(2).mean()
    loss.backward()
    optimizer.step()
    step_losses += [loss]  # <- ZG602
