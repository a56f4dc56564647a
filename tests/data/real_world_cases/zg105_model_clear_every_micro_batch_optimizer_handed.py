"""A helper clears the model every micro-batch and steps the optimizer its caller built, every `accumulation` batches.

The optimizer is handed to `train_epoch` by `main`, which built it from the same model's parameters: the model's
`zero_grad()` is known to clear that optimizer's gradients, so each step sees only the last micro-batch (RULES.md
ZG105). The clear belongs after the step, under the same condition.
"""
# expect: ZG105 13:9
import torch


def train_epoch(model, optimizer, loader, accumulation):
    for i, (x, y) in enumerate(loader):
        model.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y) / accumulation
        loss.backward()
        if (i + 1) % accumulation == 0:
            optimizer.step()


def main(model, loader, epochs=10):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        train_epoch(model, optimizer, loader, accumulation=4)
