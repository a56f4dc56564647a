# expect: clean
"""The twin's script: the same as train.py's, running the executor of undivided_executor.py once per epoch."""

import torch

from asr.undivided_executor import UndividedExecutor


def main(model, loader, configs):
    optimizer = torch.optim.Adam(model.parameters(), lr=configs["lr"])
    scaler = torch.amp.GradScaler()
    executor = UndividedExecutor()
    for epoch in range(configs["epochs"]):
        executor.train(model, optimizer, scaler, loader, configs)
