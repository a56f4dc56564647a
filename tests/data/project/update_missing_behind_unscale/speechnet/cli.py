# expect: clean
"""The command line: model, optimizer, scaler, and the epoch loop over engine.py's step."""

import argparse

import torch

from speechnet.engine import train_step
from speechnet.model import build_model


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args(argv)
    model, loader = build_model(args)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    scaler = torch.cuda.amp.GradScaler()
    for epoch in range(args.epochs):
        for batch in loader:
            train_step(model, batch, optimizer, scaler)
