# expect: clean
"""What the scripts run on: the command line, the configuration and the dataset."""

import argparse
from types import SimpleNamespace

import torch


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-epoch", dest="max_epoch", type=int, default=13)
    parser.add_argument("--optim-lr", dest="optim_lr", type=float, default=1e-4)
    return parser.parse_args()


def load_run(max_epoch, optim_lr):
    config = SimpleNamespace(run_mode="train", lr_base=optim_lr, batch_size=64, sub_batch_size=16, grad_accu_steps=4,
                             grad_norm_clip=1.0, max_epoch=max_epoch, hidden_size=8)
    dataset = torch.utils.data.TensorDataset(torch.randn(256, 8), torch.randn(256, 8), torch.rand(256, 1))
    return config, dataset
