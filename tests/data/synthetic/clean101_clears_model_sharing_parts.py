"""The twin of zg101_clears_frozen_teacher_not_student.py: the model cleared is the one the optimizer trains,
or one whose parameters it may hold (built on the same backbone, wrapping it, a part assigned onto it):
a clear whose reach is not known is taken to clear."""
# expect: clean
import torch
from torch import nn


def distill(loader, device):
    teacher = nn.Linear(32, 10).to(device)
    student = nn.Linear(32, 10).to(device)
    optimizer = torch.optim.AdamW(student.parameters(), lr=1e-3)
    for x in loader:
        student.zero_grad()
        loss = nn.functional.mse_loss(student(x), teacher(x).detach())
        loss.backward()
        optimizer.step()


def shared_backbone(loader, backbone_width):
    backbone = nn.Linear(32, backbone_width)
    classifier = nn.Sequential(backbone, nn.Linear(backbone_width, 10))
    regressor = nn.Sequential(backbone, nn.Linear(backbone_width, 1))
    optimizer = torch.optim.SGD(backbone.parameters(), lr=0.1)
    for x, y in loader:
        regressor.zero_grad()
        nn.functional.cross_entropy(classifier(x), y).backward()
        optimizer.step()


def wrapped(loader):
    core = nn.Linear(32, 10)
    model = nn.DataParallel(core)
    optimizer = torch.optim.SGD(core.parameters(), lr=0.1)
    for x, y in loader:
        model.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()


def grafted(loader):
    body = nn.Linear(32, 10)
    head = nn.Linear(10, 10)
    body.head = head
    optimizer = torch.optim.SGD(head.parameters(), lr=0.1)
    for x, y in loader:
        body.zero_grad()
        nn.functional.cross_entropy(head(body(x)), y).backward()
        optimizer.step()
