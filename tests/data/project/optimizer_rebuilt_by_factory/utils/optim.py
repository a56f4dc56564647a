# expect: ZG601 11:12
"""The optimizer factory of the fine-tuning scripts: AdamW over the parameters that require grad. train.py calls it
at the top of every epoch over the same model, so each epoch starts with fresh moments: reported here, on the
construction."""

import torch


def build_optimizer(model, cfg):
    params = [p for p in model.parameters() if p.requires_grad]
    return torch.optim.AdamW(params, lr=cfg.lr, weight_decay=cfg.weight_decay)
