# expect: clean
"""yolov5's shape: `ROOT = Path(__file__).resolve().parent.parent`, then `ROOT / "lib"` if not already there."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "lib") not in sys.path:
    sys.path.append(str(ROOT / "lib"))

import torch

from engine.steps import train_batch


def main(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        train_batch(model, optimizer, batch)
