# expect: clean
"""The epoch loop with AMP: `scaler.scale(loss).backward()`, then the wrapper's `step_and_update_lr()`, whose
plain `step()` (transformer/Optim.py) bypasses the scaler."""

import torch
import torch.nn.functional as F

from transformer.Optim import ScheduledOptim


def train_epoch(model, training_data, optimizer, scaler, device):
    model.train()
    total_loss = 0.0
    for batch in training_data:
        src_seq, trg_seq, gold = (t.to(device) for t in batch)
        optimizer.zero_grad()
        with torch.autocast(device_type="cuda", dtype=torch.float16):
            pred = model(src_seq, trg_seq)
            loss = F.cross_entropy(pred, gold, ignore_index=0, reduction="sum")
        scaler.scale(loss).backward()
        optimizer.step_and_update_lr()
        scaler.update()
        total_loss += loss.item()
    return total_loss


def main(model, training_data, opt, device):
    optimizer = ScheduledOptim(
        torch.optim.Adam(model.parameters(), betas=(0.9, 0.98), eps=1e-09), opt.lr_mul, opt.d_model, opt.n_warmup_steps
    )
    scaler = torch.cuda.amp.GradScaler()
    for epoch_i in range(opt.epoch):
        train_epoch(model, training_data, optimizer, scaler, device)
