# expect: ZG101 10:13
import torch


def train(model, loader, optimizer, epochs):
    for epoch in range(epochs):
        for batch in loader:
            loss = model(batch).mean()
            loss.backward()
            optimizer.step()  # no clear: each step applies every earlier batch's gradients too
