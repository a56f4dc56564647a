# expect: clean
"""The script of train_and_test_after_step.py: the same objects, handed to the loop that steps the scheduler after
the optimizer."""

import sys

sys.path.insert(0, "../../")
import torch
from torch.optim import lr_scheduler

from nowcast.train_and_test_after_step import train_and_test_after_step

model = torch.nn.Conv2d(5, 5, 3, padding=1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
scheduler = lr_scheduler.MultiStepLR(optimizer, milestones=[30000, 60000], gamma=0.1)
train_and_test_after_step(model, optimizer, torch.nn.MSELoss(), scheduler, sampler=None, max_iterations=100000)
