# expect: clean
"""The optimizer's factory (alpaca_farm's trainer_utils shape, written here): the optimizer handed in, else AdamW over
the model's parameters in two weight-decay groups."""

import torch


def create_optimizer(args, model, optimizer=None):
    if optimizer is None:
        decay = [p for n, p in model.named_parameters() if "bias" not in n and p.requires_grad]
        no_decay = [p for n, p in model.named_parameters() if "bias" in n and p.requires_grad]
        groups = [{"params": decay, "weight_decay": args.weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
        optimizer = torch.optim.AdamW(groups, lr=args.learning_rate)
    return optimizer
