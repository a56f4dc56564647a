# expect: clean
"""The losses as a dict: `compute_losses` returns the batch's loss as it is, `scaled_losses` divides it by the
number of micro-batches each step accumulates."""

import torch.nn.functional as F


def compute_losses(model, batch):
    pred = model(batch["noisy"])
    mse = F.mse_loss(pred, batch["noise"])
    return {"loss": mse, "mse": mse.detach()}


def scaled_losses(model, batch, accumulation_steps):
    losses = compute_losses(model, batch)
    losses["loss"] = losses["loss"] / accumulation_steps
    return losses
