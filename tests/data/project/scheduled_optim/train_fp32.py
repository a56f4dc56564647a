# expect: clean
"""The twin: the same wrapper in a loop without AMP."""

import torch
import torch.nn.functional as F

from transformer.Optim import ScheduledOptim


def train_epoch(model, training_data, optimizer, device):
    model.train()
    for batch in training_data:
        src_seq, trg_seq, gold = (t.to(device) for t in batch)
        optimizer.zero_grad()
        pred = model(src_seq, trg_seq)
        loss = F.cross_entropy(pred, gold, ignore_index=0, reduction="sum")
        loss.backward()
        optimizer.step_and_update_lr()


def main(model, training_data, opt, device):
    optimizer = ScheduledOptim(
        torch.optim.Adam(model.parameters(), betas=(0.9, 0.98), eps=1e-09), opt.lr_mul, opt.d_model, opt.n_warmup_steps
    )
    for epoch_i in range(opt.epoch):
        train_epoch(model, training_data, optimizer, device)
