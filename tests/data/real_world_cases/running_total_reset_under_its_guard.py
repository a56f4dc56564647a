"""Accumulation until a running total (examples, tokens) reaches a budget; step, clear and reset there.

Modelled on the redteam's clean_token_budget_accumulation.py (and the
token-budget accumulation of language-model trainers): `seen += x.size(0)`
every micro-batch, `if seen >= budget:` the step, the clear and `seen = 0`.
A total the loop adds to and resets is a counter (RULES.md accumulation
guard), whatever it adds: the clear inside the guard with the step is no
ZG101. The second loop never clears at all: still ZG101 at its step.
"""
# expect: ZG101 31:13
import torch


def train(model, loader, optimizer, budget):
    seen = 0
    for x, y in loader:
        (torch.nn.functional.mse_loss(model(x), y, reduction="sum") / budget).backward()
        seen += x.size(0)
        if seen >= budget:
            optimizer.step()
            optimizer.zero_grad()
            seen = 0


def train_unreset(model, loader, optimizer, budget):
    seen = 0
    for x, y in loader:
        (torch.nn.functional.mse_loss(model(x), y) / budget).backward()
        seen += x.size(0)
        if seen >= budget:
            optimizer.step()
