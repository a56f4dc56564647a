# expect: clean
"""A script with no loop of its own, whose words name no pass over the data: it builds the model, the optimizer and
PyTorch's `MultiStepLR` on it, and hands them to the training module's function (the project gate lets it in for the
function it imports and calls, whose def reaches a backward and a step)."""

import sys

sys.path.insert(0, "../../")
import torch
from torch.optim import lr_scheduler

from nowcast.train_and_test import train_and_test

model = torch.nn.Conv2d(5, 5, 3, padding=1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
scheduler = lr_scheduler.MultiStepLR(optimizer, milestones=[30000, 60000], gamma=0.1)
train_and_test(model, optimizer, torch.nn.MSELoss(), scheduler, sampler=None, max_iterations=100000)
