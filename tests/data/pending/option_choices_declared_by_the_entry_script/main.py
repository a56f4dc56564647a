# expect: clean
"""The entry script: its parser restricts `--amp_type` to the two arms of trainer.py's update."""

import argparse

import torch
from torch import nn

from trainer import train

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--amp_type", required=True, choices=["torch_amp", "none"])
    parser.add_argument("--debug", action="store_true")
    train(nn.Linear(4, 2), [torch.randn(3, 4) for _ in range(10)], None, parser.parse_args())
