# expect: ZG101 13:5
"""A helper handed `None` for its optimizer builds one itself (`if optimizer is None: optimizer = SGD(...)`): the
name the helper rebinds is that optimizer, not an attribute of `None` (the twin of
amp_none_handed_in_front_of_the_trainer.py, where nothing rebinds the `None`). Nothing clears the model's gradients
between the loop's backwards."""
import torch


def make_step(model, x, optimizer):
    if optimizer is None:
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model(x).sum().backward()
    optimizer.step()


def main(model, loader):
    for x in loader:
        make_step(model, x, None)
