# expect: ZG101 14:13
import torch

from engine.optim_utils import current_lr, reset_grads


def train(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for inputs, targets in loader:
            reset_grads(optimizer)
            loss = torch.nn.functional.mse_loss(model(inputs), targets)
            loss.backward()
            optimizer.step()
        print(f"epoch {epoch} lr {current_lr(optimizer)}")
