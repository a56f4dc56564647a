# expect: clean
"""Pre-training with a loop of its own, then fine-tuning through the project's stepper, whose optimizer it clears
before each batch."""

import torch

from engine.steps import Stepper


def pretrain(model, loader, epochs: int) -> None:
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(epochs):
        for inputs, targets in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(inputs), targets).backward()
            optimizer.step()


def finetune(model, loader, epochs: int) -> None:
    stepper = Stepper(model, lr=1e-4)
    for epoch in range(epochs):
        for batch in loader:
            stepper.optimizer.zero_grad()
            stepper.train_step(batch)
