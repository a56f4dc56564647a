"""The flag is reassigned between the clear's test and the step's test, so they can disagree.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG101 18:13
import torch


def train(model, loader, optimizer, is_train):
    for batch in loader:
        train_now = is_train(batch)
        if train_now:
            optimizer.zero_grad()
        loss = model(batch).mean()
        train_now = loss.item() < 10.0
        if train_now:
            loss.backward()
            optimizer.step()
