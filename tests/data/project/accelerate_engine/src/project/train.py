# expect: ZG602 24:13
"""The fine-tuning script: each step's loss comes back from engine.py as the tensor it backpropagated, and is summed
as a tensor for the epoch's mean: every step's graph stays alive until the epoch ends."""

import torch
from accelerate import Accelerator
from transformers import get_linear_schedule_with_warmup

from project.engine import train_step


def main(args, model, train_dataloader):
    accelerator = Accelerator(gradient_accumulation_steps=args.gradient_accumulation_steps)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)
    lr_scheduler = get_linear_schedule_with_warmup(optimizer, args.warmup_steps, args.max_train_steps)
    model, optimizer, train_dataloader, lr_scheduler = accelerator.prepare(
        model, optimizer, train_dataloader, lr_scheduler
    )
    for epoch in range(args.num_train_epochs):
        model.train()
        total_loss = 0
        for step, batch in enumerate(train_dataloader):
            loss = train_step(accelerator, model, batch, optimizer, lr_scheduler)
            total_loss += loss
        accelerator.print(f"epoch {epoch}: {total_loss / len(train_dataloader)}")
