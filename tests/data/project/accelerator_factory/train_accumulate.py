# expect: clean
"""The script: the Accelerator comes from the package's factory (built with the configuration's
`gradient_accumulation_steps`), and the loop accumulates inside `accelerator.accumulate`, clipping when the gradients
are synchronised (Accelerate's `clip_grad_norm_` unscales by itself)."""

import torch
from transformers import get_scheduler

from lmtrain.data import causal_lm_loss
from lmtrain.setup import build_accelerator


def main(cfg, model, loader):
    accelerator = build_accelerator(cfg)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.learning_rate)
    lr_scheduler = get_scheduler("cosine", optimizer, num_warmup_steps=cfg.warmup_steps, num_training_steps=cfg.max_steps)
    model, optimizer, lr_scheduler, loader = accelerator.prepare(model, optimizer, lr_scheduler, loader)
    for epoch in range(cfg.num_epochs):
        model.train()
        for batch in loader:
            with accelerator.accumulate(model):
                loss = causal_lm_loss(model, batch)
                accelerator.backward(loss)
                if accelerator.sync_gradients:
                    accelerator.clip_grad_norm_(model.parameters(), cfg.max_grad_norm)
                optimizer.step()
                lr_scheduler.step()
                optimizer.zero_grad()
