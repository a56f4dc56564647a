"""An SGD with momentum bound as a `functools.partial` of the class, called on the model's parameters at the top
of each epoch (the optimizer as a config value, as Hydra-style configs make it): the partial's `momentum=0.9`
keeps a buffer per parameter, which starts empty every epoch (RULES.md ZG601). Reported at the call."""
# expect: ZG601 16:21
import functools

import torch

make_optimizer = functools.partial(torch.optim.SGD, lr=0.05, momentum=0.9, nesterov=True)


def train(model, loader, epochs):
    criterion = torch.nn.CrossEntropyLoss()
    model.train()
    for epoch in range(epochs):
        optimizer = make_optimizer(model.parameters())
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
