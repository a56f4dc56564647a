# expect: clean
"""The search script: it builds the environment and asks it to fine-tune (the loop is the environment's)."""

import torch

from lib.env.quantize_env import QuantizeEnv


def main(model, train_loader):
    env = QuantizeEnv(model, train_loader, lr=0.01)
    for episode in range(10):
        env.finetune(epochs=1)


if __name__ == "__main__":
    main(torch.nn.Linear(4, 2), [])
