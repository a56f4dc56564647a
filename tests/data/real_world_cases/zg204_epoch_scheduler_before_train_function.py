"""The epoch's StepLR stepped before the call to the function that runs the epoch's optimizer steps.

Shape of jdonnelly36/Deformable-ProtoPNet's main.py before e6a7d39: per
epoch, `joint_lr_scheduler.step()` then `train(model, loader,
joint_optimizer)`, whose batch loop clears, backpropagates and steps the
optimizer the scheduler was built on (upstream the function sits in the
imported train_and_test.py). The first epoch runs at the schedule's second
value (RULES.md ZG204: stepped at the top of the epoch loop before the batch
loop). In one file main 6c9436b reports it; the upstream tree, where the
function is imported, is silent (history pair Deformable-ProtoPNet e6a7d39).
"""
# expect: ZG204 32:5
import torch
from torch import nn


def train(model, loader, optimizer):
    model.train()
    for images, labels in loader:
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(images), labels)
        loss.backward()
        optimizer.step()


model = nn.Sequential(nn.Flatten(), nn.Linear(12, 3))
joint_optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
joint_lr_scheduler = torch.optim.lr_scheduler.StepLR(joint_optimizer, step_size=5, gamma=0.2)
loader = [(torch.randn(4, 3, 2, 2), torch.randint(0, 3, (4,))) for _ in range(2)]

for epoch in range(10):
    joint_lr_scheduler.step()
    train(model, loader, joint_optimizer)
