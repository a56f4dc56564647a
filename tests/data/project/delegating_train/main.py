# expect: ZG204 15:5
"""A script whose epoch loop is at the module's top level (the shape of prototype-network repositories): the schedule
is stepped at the top of each epoch, before `tnt.train` runs the epoch's optimizer steps (in train_and_test.py,
behind `train`, which hands the work to another def of its module)."""

import torch

import train_and_test as tnt
from settings import model, num_epochs, test_loader, train_loader

joint_optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
joint_lr_scheduler = torch.optim.lr_scheduler.StepLR(joint_optimizer, step_size=5, gamma=0.2)

for epoch in range(num_epochs):
    joint_lr_scheduler.step()
    tnt.train(model=model, dataloader=train_loader, optimizer=joint_optimizer)
    tnt.test(model=model, dataloader=test_loader)
