# expect: clean
"""main.py with the package imported whole (`lib.fit_epoch_unscaled(...)`): the same step, reported in
lib/steps/amp.py when the tree is checked (checked alone, a package imported whole is not looked into)."""

import torch

import lib


def main(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    scaler = torch.cuda.amp.GradScaler()
    for epoch in range(epochs):
        lib.fit_epoch_unscaled(model, optimizer, scaler, loader)
