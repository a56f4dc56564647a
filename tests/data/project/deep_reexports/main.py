# expect: clean
"""Each epoch runs the package's unscaled epoch (lib/engine/loops.py through two re-exports, a star import and an
alias), whose step bypasses the scaler: reported in lib/steps/amp.py."""

import torch

from lib import fit_epoch_unscaled


def main(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    scaler = torch.cuda.amp.GradScaler()
    for epoch in range(epochs):
        fit_epoch_unscaled(model, optimizer, scaler, loader)
