# expect: clean
"""A SCAFFOLD client's step (Lee-Gihun/FedNTD algorithms/scaffold/ClientTrainer.py:68, fednova/ClientTrainer.py:74):
the batch's gradient is read, cleared, corrected and written back into `.grad` by a helper whose loop over the state
dict skips the batch-norm buffers, then stepped. The step applies the written gradients: the clear between the
backward and the step throws nothing away."""

import torch


def assign_grads(model, grads):
    state_dict = model.state_dict(keep_vars=True)
    index = 0
    for name in state_dict.keys():
        if "running_mean" in name or "running_var" in name or "num_batches_tracked" in name:
            continue
        count = state_dict[name].numel()
        state_dict[name].grad = grads[index : index + count].view(state_dict[name].shape).clone()
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
            optimizer.zero_grad()
            model = assign_grads(model, grad_batch - c_i + c)
            optimizer.step()
