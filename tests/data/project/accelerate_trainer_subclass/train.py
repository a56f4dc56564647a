# expect: clean
"""The script: Accelerate prepares the model, the optimizer, the loader and the schedule, and the trainer the task
names runs them."""

import torch
from accelerate import Accelerator
from transformers import get_scheduler

from trainer.causal_lm import CausalLMTrainer
from trainer.classifier import ClassifierTrainer


def main(cfg, model, loader):
    accelerator = Accelerator(gradient_accumulation_steps=cfg.gradient_accumulation_steps)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    lr_scheduler = get_scheduler("linear", optimizer, num_warmup_steps=cfg.warmup, num_training_steps=cfg.max_steps)
    model, optimizer, loader, lr_scheduler = accelerator.prepare(model, optimizer, loader, lr_scheduler)
    trainer_class = CausalLMTrainer if cfg.task == "lm" else ClassifierTrainer
    trainer = trainer_class(accelerator, model, optimizer, lr_scheduler, loader, cfg)
    trainer.fit()
