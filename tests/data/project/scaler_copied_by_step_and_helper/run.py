# expect: clean
import torch

from my_unit import MyUnit
from units.loop import train


def main(loader):
    unit = MyUnit(torch.nn.Linear(8, 2), precision="fp16", clip_grad_norm=1.0, accumulation=4)
    train(unit, loader, epochs=3)
