# expect: ZG105 23:13
"""A script that dropped `accelerator.accumulate`: the Accelerator (lmtrain/setup.py's factory) is built with
`gradient_accumulation_steps`, so `accelerator.backward` divides every loss by it, yet the optimizer steps and clears
after every micro-batch: each step applies a fraction of one batch's gradient (reported at the clear)."""

import torch

from lmtrain.data import causal_lm_loss
from lmtrain.setup import build_accelerator


def main(cfg, model, loader):
    accelerator = build_accelerator(cfg)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.learning_rate)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(cfg.num_epochs):
        model.train()
        for batch in loader:
            loss = causal_lm_loss(model, batch)
            accelerator.backward(loss)
            accelerator.clip_grad_norm_(model.parameters(), cfg.max_grad_norm)
            optimizer.step()
            optimizer.zero_grad()
