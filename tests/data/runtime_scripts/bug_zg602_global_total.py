"""A global running total updated inside the step function."""
import torch

total_loss = 0
torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.Adam(model.parameters())


def train_step(x):
    global total_loss
    optimizer.zero_grad()
    loss = model(x).pow(2).mean()
    loss.backward()
    optimizer.step()
    total_loss += loss  # <- ZG602


for i in range(6):
    train_step(torch.randn(4, 3))
print(total_loss.item())
