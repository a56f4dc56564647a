# expect: ZG105 20:5
"""The steps the loop runs inside `accelerator.accumulate(model)`: one clears the optimizer (Accelerate skips that
clear on the micro-batches that do not step), the other clears the model, which Accelerate does not skip."""

import torch


def clean_step(accelerator, model, optimizer, batch):
    loss = torch.nn.functional.cross_entropy(model(batch["x"]), batch["y"])
    accelerator.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss.detach()


def model_clearing_step(accelerator, model, optimizer, batch):
    loss = torch.nn.functional.cross_entropy(model(batch["x"]), batch["y"])
    accelerator.backward(loss)
    optimizer.step()
    model.zero_grad()
    return loss.detach()
