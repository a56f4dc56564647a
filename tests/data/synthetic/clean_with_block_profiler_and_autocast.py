"""Clear, backward and step spread over `with` blocks (record_function, autocast).

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch
from torch.profiler import record_function


def train(model, loader, optimizer):
    for x, y in loader:
        with record_function("zero_grad"):
            optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = torch.nn.functional.mse_loss(model(x), y)
        with record_function("backward"):
            loss.backward()
        with record_function("step"):
            optimizer.step()
