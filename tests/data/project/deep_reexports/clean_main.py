# expect: clean
"""main.py's twin over the scaled epoch."""

import torch

from lib import fit_epoch


def main(model, loader, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    scaler = torch.cuda.amp.GradScaler()
    for epoch in range(epochs):
        fit_epoch(model, optimizer, scaler, loader)
