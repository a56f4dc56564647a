# expect: clean
"""The script: the optimizer, scheduler and scaler built here, the loop in asr/executor.py."""

import torch

from asr.executor import Executor


def main(model, loader, configs):
    optimizer = torch.optim.Adam(model.parameters(), lr=configs["lr"])
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0)
    scaler = torch.amp.GradScaler()
    executor = Executor()
    for epoch in range(configs["epochs"]):
        executor.train(model, optimizer, scheduler, scaler, loader, configs)
