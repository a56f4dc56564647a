# expect: ZG602 24:13
"""pliang279/MultiBench's training_structures/Supervised_Learning.py and unimodal.py in one file: `train` takes the
optimizer's class as a parameter (`optimtype=torch.optim.RMSprop`, the examples hand `torch.optim.AdamW`) and builds
`op = optimtype(...)`; each batch's backpropagated loss is summed into `totalloss` without `.item()`, kept until the
epoch's print (RULES.md ZG602, reported in the copies of special/ whose optimizer is named `optim`). It was missed:
`op` does not say optimizer and `optimtype` is a parameter, so `op.step()` was no step and the loop no training loop;
a call of a parameter whose default is a torch optimizer class now builds an optimizer (`Resolver.class_parameter_role`)."""

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
            totalloss += loss * len(j[-1])
            totals += len(j[-1])
            loss.backward()
            op.step()
        print("Epoch " + str(epoch) + " train loss: " + str(totalloss / totals))
