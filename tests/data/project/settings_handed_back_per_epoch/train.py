# expect: clean
"""The script (wenet's bin/train.py): the optimizer and scaler built here, the executor run once per epoch on the
settings dict, which the epoch loop never assigns. Every epoch reads its one back end, so the DeepSpeed branch's
backward (which divides by the accumulation steps itself) never meets the torch branch's step."""

import torch

from asr.executor import Executor


def main(model, loader, configs):
    optimizer = torch.optim.Adam(model.parameters(), lr=configs["lr"])
    scaler = torch.amp.GradScaler()
    executor = Executor()
    for epoch in range(configs["epochs"]):
        executor.train(model, optimizer, scaler, loader, configs)
