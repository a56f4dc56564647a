# expect: clean
import torch

from utils.grad_stats import log_grad_norm


def train(model, loader, writer, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    step = 0
    for epoch in range(epochs):
        for inputs, targets in loader:
            loss = torch.nn.functional.cross_entropy(model(inputs), targets)
            loss.backward()
            log_grad_norm(model, optimizer, writer, step)
            optimizer.step()
            step += 1
