"""The optimizer is rebuilt per stage but its state is loaded right after construction.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(model, stages, state):
    for stage_loader in stages:
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
        optimizer.load_state_dict(state)
        for x, y in stage_loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        state = optimizer.state_dict()
