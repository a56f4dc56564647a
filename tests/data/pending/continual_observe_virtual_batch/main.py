# expect: clean
"""The entry point: the learner named on the command line, built by the registry."""

import sys

from torch import nn

from models import get_model
from utils.training import train


def main():
    model = get_model(sys.argv[1], nn.Linear(16, 4), lr=0.03, virtual_bs_n=4)
    train(model, n_tasks=5, n_epochs=2)


if __name__ == "__main__":
    main()
