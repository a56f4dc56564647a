# expect: clean
"""A script that counts the micro-batches itself: the step and the clear every `gradient_accumulation_steps`
batches. The loss is not divided here because `accelerator.backward` divides it by the steps the Accelerator was
built with (lmtrain/setup.py's factory)."""

import torch

from lmtrain.data import causal_lm_loss
from lmtrain.setup import build_accelerator


def main(cfg, model, loader):
    accelerator = build_accelerator(cfg)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.learning_rate)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(cfg.num_epochs):
        for step, batch in enumerate(loader):
            loss = causal_lm_loss(model, batch)
            accelerator.backward(loss)
            if (step + 1) % cfg.gradient_accumulation_steps == 0:
                optimizer.step()
                optimizer.zero_grad()
