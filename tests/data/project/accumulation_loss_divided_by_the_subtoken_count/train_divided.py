# expect: clean
"""The twin of train.py dividing every batch's loss by `batch_accumulation` before its backward: the mean over the
sequence's positions (losses.py's `len(pred_list)`) and the accumulation's division, both there."""

import torch
from torch_geometric.graphgym.config import cfg
from torch_geometric.graphgym.loss import compute_loss

from losses import subtoken_cross_entropy


def train_epoch(loader, model, optimizer, batch_accumulation):
    model.train()
    optimizer.zero_grad()
    for iter, batch in enumerate(loader):
        pred, true = model(batch)
        if cfg.dataset.name == "ogbg-code2":
            loss, pred_score = subtoken_cross_entropy(pred, true)
        else:
            loss, pred_score = compute_loss(pred, true)
        (loss / batch_accumulation).backward()
        if ((iter + 1) % batch_accumulation == 0) or (iter + 1 == len(loader)):
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()
