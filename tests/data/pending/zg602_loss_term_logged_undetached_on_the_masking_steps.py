# expect: ZG602 21:13
# expect: ZG104 24:9
"""HKUDS/SSLRec's `MAERecTrainer.train_epoch` (trainer/trainer.py:427): every `mask_steps` batches the sampler's
scores are drawn (`sample_scr = model.sampler(...)`) and, under the same test further down, their loss term is added
to the batch's loss and, undetached, to the epoch's log (`loss_log_dict['loss_mask'] += loss_mask / n`): the dict
outlives the batch loop, so each masking step's graph stays alive until the epoch ends (RULES.md ZG602). Missed:
with the term under the second `if i % mask_steps == 0:` the report is not made; the same code without the two tests
is reported."""

import torch


def train_epoch(model, optimizer, loader, mask_steps):
    loss_log_dict = {"loss": 0, "loss_mask": 0}
    for i, batch in enumerate(loader):
        if i % mask_steps == 0:
            sample_scr = model.sampler(batch)
        loss = model.cal_loss(batch)
        if i % mask_steps == 0:
            loss_mask = -sample_scr.mean()
            loss_log_dict["loss_mask"] += loss_mask / len(loader)
            loss += loss_mask
        loss_log_dict["loss"] += loss.item() / len(loader)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss_log_dict
