# expect: clean
"""The twin: the same loop over the step that updates the scale."""

import torch

from speechnet.engine import updating_train_step
from speechnet.model import build_model


def main(args):
    model, loader = build_model(args)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    scaler = torch.cuda.amp.GradScaler()
    for epoch in range(args.epochs):
        for batch in loader:
            updating_train_step(model, batch, optimizer, scaler)
