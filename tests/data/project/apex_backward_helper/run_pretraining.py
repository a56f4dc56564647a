# expect: ZG203 29:17
"""The loop steps, then clips: the clip changes gradients the step already used (and the clear throws away)."""

import torch
from transformers import get_linear_schedule_with_warmup

from utils.fp16 import backward, master_params


def train(args, model, train_dataloader):
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.learning_rate)
    scheduler = get_linear_schedule_with_warmup(optimizer, args.warmup_steps, args.max_steps)
    if args.fp16:
        from apex import amp

        model, optimizer = amp.initialize(model, optimizer, opt_level=args.fp16_opt_level)
    global_step = 0
    model.zero_grad()
    for epoch in range(args.num_train_epochs):
        for step, batch in enumerate(train_dataloader):
            model.train()
            outputs = model(**batch)
            loss = outputs[0]
            backward(loss, optimizer, args.fp16)
            optimizer.step()
            scheduler.step()
            global_step += 1
            if args.max_grad_norm > 0:
                torch.nn.utils.clip_grad_norm_(master_params(optimizer, model, args.fp16), args.max_grad_norm)
            model.zero_grad()
    return global_step
