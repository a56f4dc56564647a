"""Lightning Fabric: fabric.backward and optimizer.step, never a clear (Fabric does not clear).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 19:9
import lightning as L
import torch

fabric = L.Fabric(accelerator="cpu")
model = torch.nn.Linear(8, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
model, optimizer = fabric.setup(model, optimizer)


def train(loader):
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
