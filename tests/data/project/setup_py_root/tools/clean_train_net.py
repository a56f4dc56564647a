# expect: clean
"""The twin script: the package's other loop, which steps the schedule after the optimizer."""

import torch

from detbench.engine.clean_trainer import do_train
from detbench.solver import make_lr_scheduler, make_optimizer


def train(cfg, model, data_loader):
    device = torch.device(cfg.device)
    model.to(device)
    optimizer = make_optimizer(cfg, model)
    scheduler = make_lr_scheduler(cfg, optimizer)
    do_train(model, data_loader, optimizer, scheduler, device, {"iteration": 0})
    return model
