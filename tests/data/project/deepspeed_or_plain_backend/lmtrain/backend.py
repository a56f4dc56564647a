# expect: clean
"""The project's backend factory: a DeepSpeed engine (its optimizer and schedule inside it) when the config names a
DeepSpeed config, else the model with a torch AdamW and a warmup schedule."""

import deepspeed
import torch
from transformers import get_linear_schedule_with_warmup


def build_engine(model, cfg):
    engine, optimizer, _, scheduler = deepspeed.initialize(
        model=model, model_parameters=model.parameters(), config=cfg.deepspeed_config
    )
    return engine, optimizer, scheduler


def build_plain(model, cfg):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    scheduler = get_linear_schedule_with_warmup(optimizer, cfg.warmup_steps, cfg.total_steps)
    return model, optimizer, scheduler
