# expect: clean
"""The epoch functions the script calls through the module (`tnt.train(...)`): `train` and `test` only hand the work
to `_run_epoch`, which holds the loop, the backward and the step (when it is given an optimizer)."""

import torch


def _run_epoch(model, dataloader, optimizer=None, log=print):
    is_train = optimizer is not None
    total = 0.0
    for images, labels in dataloader:
        if is_train:
            optimizer.zero_grad()
        with torch.enable_grad() if is_train else torch.no_grad():
            loss = torch.nn.functional.cross_entropy(model(images), labels)
        if is_train:
            loss.backward()
            optimizer.step()
        total += loss.item()
    log(f"loss {total / len(dataloader):.4f}")
    return total / len(dataloader)


def train(model, dataloader, optimizer, log=print):
    model.train()
    return _run_epoch(model=model, dataloader=dataloader, optimizer=optimizer, log=log)


def test(model, dataloader, log=print):
    model.eval()
    return _run_epoch(model=model, dataloader=dataloader, optimizer=None, log=log)
