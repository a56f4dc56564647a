# expect: clean
"""The trainer (efficientvit's diffusioncore/trainer.py; the miss was judged there): each batch's loss is
backpropagated and stepped by `after_step`, then each entry of the model's loss dict is handed to a meter built for the
epoch, distributed only where the process group is (the leak is the meter's line, meters.py)."""

import torch
import torch.distributed as dist

from meters import AverageMeter
from model import Denoiser


class Trainer:
    def __init__(self, loader, dim):
        self.model = Denoiser(dim)
        self.loader = loader
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=1e-4)

    def after_step(self, loss):
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()

    def train_one_epoch(self):
        meters = {}
        for x in self.loader:
            loss, info = self.model(x, torch.randn_like(x))
            self.after_step(loss)
            for key, value in info["loss_dict"].items():
                if key not in meters:
                    meters[key] = AverageMeter(is_distributed=dist.is_initialized())
                meters[key].update(value, x.shape[0])
        return {key: meter.sum / meter.count for key, meter in meters.items()}
