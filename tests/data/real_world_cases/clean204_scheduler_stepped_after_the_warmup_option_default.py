"""A hierarchical VAE's training script (NVAE's train.py shape, written here): the cosine schedule is stepped at the
top of the epoch loop only under `if epoch > args.warmup_epochs:`, and `--warmup_epochs` defaults to 5, so the
first epoch (the counter still 0) skips it: `train` steps the optimizer through the GradScaler long before the
schedule's first step, and no value of it is skipped (RULES.md ZG204): silent."""
# expect: clean
import argparse

import torch


def train(loader, model, optimizer, scaler):
    for x in loader:
        optimizer.zero_grad()
        with torch.autocast("cpu"):
            loss = model(x).pow(2).mean()
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def main(args):
    model = torch.nn.Linear(4, 4)
    loader = [torch.randn(8, 4) for _ in range(4)]
    optimizer = torch.optim.Adamax(model.parameters(), args.learning_rate)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, float(args.epochs - args.warmup_epochs - 1))
    scaler = torch.amp.GradScaler("cpu")
    for epoch in range(args.epochs):
        if epoch > args.warmup_epochs:
            scheduler.step()
        train(loader, model, optimizer, scaler)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=200)
    parser.add_argument("--learning_rate", type=float, default=1e-2)
    parser.add_argument("--warmup_epochs", type=int, default=5)
    args = parser.parse_args()
    main(args)
