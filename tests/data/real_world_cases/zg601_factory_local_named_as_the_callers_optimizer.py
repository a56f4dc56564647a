"""A factory whose local optimizer is named as the optimizer its caller binds its return to (`optimizer = make(model)`),
called in every epoch: a new Adam each epoch, its moments lost (ZG601, at the construction in the factory). The
factory's local leaves it by its return, so it is the caller's `optimizer`, not a local of the factory's own keyed
apart (`Builder.own_keys` keys apart only the locals that never leave the call: DIG's matcher's `optimizer`)."""
# expect: ZG601 10:17
import torch


def make(model, lr):
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    optimizer.param_groups[0]["initial_lr"] = lr
    return optimizer


def train(model, loader, epochs, lr=1e-3):
    for epoch in range(epochs):
        optimizer = make(model, lr * 0.9**epoch)
        for batch in loader:
            optimizer.zero_grad()
            model(batch).mean().backward()
            optimizer.step()
