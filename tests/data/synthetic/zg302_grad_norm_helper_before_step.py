"""The clean twin: the same helper logs the norm between the backward and the step, where every parameter of
this model (all used by its forward) holds a gradient: the read is only the opt-in ZG302, never ZG301."""
# expect: ZG302 10:39
import torch
from torch import nn


def global_grad_norm(parameters, norm_type=2.0):
    parameters = [p for p in parameters]
    norms = [torch.linalg.vector_norm(p.grad.detach(), norm_type) for p in parameters]
    return torch.linalg.vector_norm(torch.stack(norms), norm_type)


def train(model, batches, log_every=10):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for step, (x, y) in enumerate(batches):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        if step % log_every == 0:
            print(step, loss.item(), global_grad_norm(model.parameters()).item())
        optimizer.step()


train(nn.Linear(3, 1), [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)])
