"""`if args.gradient_accumulation_steps > 1: loss = loss / ...`, then the guarded step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(args, model, loader, optimizer, scheduler):
    model.zero_grad()
    for step, batch in enumerate(loader):
        outputs = model(**batch)
        loss = outputs[0]
        if args.gradient_accumulation_steps > 1:
            loss = loss / args.gradient_accumulation_steps
        loss.backward()
        if (step + 1) % args.gradient_accumulation_steps == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
            optimizer.step()
            scheduler.step()
            model.zero_grad()
