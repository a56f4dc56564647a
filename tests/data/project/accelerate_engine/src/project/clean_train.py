# expect: clean
"""The twin: the loss is summed as a number."""

import torch
from accelerate import Accelerator

from project.engine import train_step


def main(args, model, train_dataloader, lr_scheduler):
    accelerator = Accelerator(gradient_accumulation_steps=args.gradient_accumulation_steps)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)
    model, optimizer, train_dataloader = accelerator.prepare(model, optimizer, train_dataloader)
    for epoch in range(args.num_train_epochs):
        total_loss = 0.0
        for step, batch in enumerate(train_dataloader):
            loss = train_step(accelerator, model, batch, optimizer, lr_scheduler)
            total_loss += loss.detach().float()
        accelerator.print(f"epoch {epoch}: {total_loss.item() / len(train_dataloader)}")
