"""Gradient averaging by hand after the backward (the PyTorch distributed tutorial's `average_gradients`).

Seen in many copies of pytorch/tutorials' dist_tuto: `for param in
model.parameters(): dist.all_reduce(param.grad.data, op=dist.ReduceOp.SUM);
param.grad.data /= size`, called right after `loss.backward()`. The model's
class is not in the file and nothing clears between the backward and the read,
so the file shows no None (RULES.md ZG301): only the opt-in ZG302 applies.
"""
# expect: ZG302 20:25
# expect: ZG302 21:9
import torch
import torch.distributed as dist
import torch.nn.functional as F
from torchvision.models import resnet18


def average_gradients(model):
    size = float(dist.get_world_size())
    for param in model.parameters():
        dist.all_reduce(param.grad.data, op=dist.ReduceOp.SUM)
        param.grad.data /= size


def run(loader):
    model = resnet18(num_classes=10)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.5)
    for epoch in range(10):
        for data, target in loader:
            optimizer.zero_grad()
            loss = F.cross_entropy(model(data), target)
            loss.backward()
            average_gradients(model)
            optimizer.step()
