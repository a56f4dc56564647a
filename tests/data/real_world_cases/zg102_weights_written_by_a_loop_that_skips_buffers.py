# expect: ZG102 32:13
"""The twin of clean102_gradients_written_by_a_loop_that_skips_buffers.py (Lee-Gihun/FedNTD's SCAFFOLD client, the
shape written here): the corrected update is written into the weights by a loop over the state dict that skips the
batch-norm buffers, and no `.grad` is written back. The clear between the backward and the step leaves the step no
gradients: ZG102 at the clear."""

import torch


def assign_weights(model, weights):
    state_dict = model.state_dict(keep_vars=True)
    index = 0
    for name in state_dict.keys():
        if "running_mean" in name or "running_var" in name or "num_batches_tracked" in name:
            continue
        count = state_dict[name].numel()
        state_dict[name].data = weights[index : index + count].view(state_dict[name].shape).clone()
        index += count
    model.load_state_dict(state_dict)
    return model


def train(model, loader, c, c_i, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for _ in range(epochs):
        for data, targets in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(data), targets)
            loss.backward()
            grad_batch = torch.cat([p.grad.view(-1) for p in model.parameters() if p.grad is not None])
            weights = torch.cat([p.detach().view(-1) for p in model.parameters()])
            optimizer.zero_grad()
            model = assign_weights(model, weights - 0.01 * (grad_batch - c_i + c))
            optimizer.step()
