# expect: clean
"""The twin of zg602_optimizer_built_from_a_class_parameter.py (pliang279/MultiBench's training_structures/
Supervised_Learning.py shape, written here): the optimizer is built from a class parameter whose default is a torch
optimizer (`optimtype=torch.optim.RMSprop`), and the loop sums each batch's loss as a number (`loss.item()`): nothing
keeps a graph."""

import torch
from torch import nn


def train(model, train_dataloader, total_epochs, optimtype=torch.optim.RMSprop, lr=0.001,
          objective=nn.CrossEntropyLoss()):
    op = optimtype([p for p in model.parameters() if p.requires_grad], lr=lr)
    for epoch in range(total_epochs):
        totalloss = 0.0
        totals = 0
        model.train()
        for j in train_dataloader:
            op.zero_grad()
            out = model(j[0])
            loss = objective(out, j[-1])
            totalloss += loss.item() * len(j[-1])
            totals += len(j[-1])
            loss.backward()
            op.step()
        print("Epoch " + str(epoch) + " train loss: " + str(totalloss / totals))
