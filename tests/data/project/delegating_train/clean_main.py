# expect: clean
"""The twin: the schedule is stepped after each epoch's steps."""

import torch

import train_and_test as tnt
from settings import model, num_epochs, train_loader

optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=5, gamma=0.2)

for epoch in range(num_epochs):
    tnt.train(model=model, dataloader=train_loader, optimizer=optimizer)
    scheduler.step()
