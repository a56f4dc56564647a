# expect: clean
"""The training script of the installed package (maskrcnn-benchmark's layout: a setup.py at the root, no other
marker, which `project_index.ROOT_MARKERS` holds): it imports `detbench` from the checkout, whose engine steps the
schedule too early (reported there)."""

import torch
from apex import amp

from detbench.engine.trainer import do_train
from detbench.solver import make_lr_scheduler, make_optimizer


def train(cfg, model, data_loader, checkpointer):
    device = torch.device(cfg.device)
    model.to(device)
    optimizer = make_optimizer(cfg, model)
    scheduler = make_lr_scheduler(cfg, optimizer)
    model, optimizer = amp.initialize(model, optimizer, opt_level="O1")
    arguments = {"iteration": 0}
    do_train(model, data_loader, optimizer, scheduler, checkpointer, device, cfg.period, arguments)
    return model
