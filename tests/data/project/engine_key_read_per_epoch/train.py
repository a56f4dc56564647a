# expect: clean
"""The script: the optimizer, scheduler and scaler built here, the executor built from the settings and run once per
epoch (wenet's bin/train.py). Every epoch reads the one back end the settings name, so the DeepSpeed branch's backward
(which divides by the accumulation steps itself) never meets the torch branch's step."""

import torch

from asr.executor import Executor


def main(model, loader, configs):
    optimizer = torch.optim.Adam(model.parameters(), lr=configs["lr"])
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0)
    scaler = torch.amp.GradScaler()
    executor = Executor(configs)
    for epoch in range(configs["epochs"]):
        executor.train(model, optimizer, scheduler, scaler, loader, configs)
