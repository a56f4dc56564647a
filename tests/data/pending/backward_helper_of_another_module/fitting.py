# expect: clean
"""The project's forward-and-backward helper (picotron's `train_step`, torchtitan's `forward_backward_step` shape,
written here as a function): one batch's loss, backpropagated; the caller owns the optimizer."""

import torch.nn.functional as F


def forward_backward(model, batch):
    loss = F.cross_entropy(model(batch["x"]), batch["y"])
    loss.backward()
    return loss.detach()
