# expect: clean
"""Flattened gradients and weights of a model, and their assignment back (a federated client's control variates)."""

import torch

__all__ = ["flatten_grads", "assign_grads", "assign_weights"]


def flatten_grads(model):
    return torch.cat([p.grad.view(-1) for p in model.parameters() if p.grad is not None])


def assign_grads(model, grads):
    """Writes `grads` into the parameters' `.grad`, through the state dict's tensors."""
    state_dict = model.state_dict(keep_vars=True)
    index = 0
    for name in state_dict.keys():
        count = state_dict[name].numel()
        state_dict[name].grad = grads[index : index + count].view(state_dict[name].shape).clone()
        index += count
    model.load_state_dict(state_dict)
    return model


def assign_weights(model, weights):
    """Writes `weights` into the parameters themselves: no gradient is touched."""
    state_dict = model.state_dict(keep_vars=True)
    index = 0
    with torch.no_grad():
        for name in state_dict.keys():
            count = state_dict[name].numel()
            state_dict[name] = torch.nn.Parameter(weights[index : index + count].view(state_dict[name].shape))
            index += count
    model.load_state_dict(state_dict)
    return model
