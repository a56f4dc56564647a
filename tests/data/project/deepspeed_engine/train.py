# expect: ZG602 23:13
"""The loop keeps each step's loss (handed back by engine/step.py with its graph) in a list that outlives the
iteration: every graph stays alive."""

import deepspeed
import torch.nn as nn

from engine.step import train_step


def main(args, model, train_set):
    criterion = nn.CrossEntropyLoss()
    parameters = filter(lambda p: p.requires_grad, model.parameters())
    model_engine, optimizer, train_loader, lr_scheduler = deepspeed.initialize(
        args=args, model=model, model_parameters=parameters, training_data=train_set
    )
    losses = []
    for epoch in range(args.epochs):
        for i, batch in enumerate(train_loader):
            loss = train_step(model_engine, batch, criterion)
            if i % args.log_interval == 0:
                print(f"epoch {epoch} step {i}")
            losses.append(loss)
    return losses
