# expect: ZG501 28:9
"""A graph transformer's epoch (rampasek/GraphGPS graphgps/train/custom_train.py, written here): every batch's loss is
backpropagated and the step runs only every `batch_accumulation` batches (or at the last one), but the loss is not
divided by `batch_accumulation`, whichever branch built it: GraphGym's mean-reduced `compute_loss`, or losses.py's
`subtoken_cross_entropy`, a mean over the sequence's positions. The update is that many times too large (ZG501 at the
backward). Missed: the helper's `loss / len(pred_list)` reads as a division by what may be the count (a size of a
parameter), and a loss is judged undivided only when every value it may hold is; here `pred_list` is the model's
per-position predictions, the element count a mean divides by (as `mask.sum()` is). What it needs: a size known to be
the model's output's, not the number of accumulated micro-batches (the helper's `pred_list` is bound, through the call,
to the forward's `pred`), or the count named by the guard (`batch_accumulation`) looked for among the divisors."""

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
        loss.backward()
        if ((iter + 1) % batch_accumulation == 0) or (iter + 1 == len(loader)):
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()
