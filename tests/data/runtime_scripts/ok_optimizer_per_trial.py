"""An optimizer per trial after reloading the initial weights; per stage after unfreezing more
layers; per member of an ensemble; per task after re-initialising the head; per adversarial sample."""
import copy

import torch
from torch import nn


def train(model, optimizer, steps=2):
    for _ in range(steps):
        optimizer.zero_grad()
        model(torch.randn(4, 6)).pow(2).mean().backward()
        optimizer.step()


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 6), nn.ReLU(), nn.Linear(6, 1))
    initial_state = copy.deepcopy(model.state_dict())
    for lr in [1e-4, 1e-3, 1e-2]:
        model.load_state_dict(initial_state)
        optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        train(model, optimizer)
    for p in model.parameters():
        p.requires_grad_(False)
    for layer in [model[2], model[0]]:
        for p in layer.parameters():
            p.requires_grad_(True)
        stage_optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-4)
        train(model, stage_optimizer)
    ensemble = [nn.Linear(6, 1) for _ in range(3)]
    for member in ensemble:
        member_optimizer = torch.optim.Adam(member.parameters())
        train(member, member_optimizer)
    for task in range(3):
        model[2].reset_parameters()
        task_optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        train(model, task_optimizer)
    for x in [torch.randn(2, 6) for _ in range(3)]:
        delta = torch.zeros_like(x, requires_grad=True)
        attack = torch.optim.Adam([delta], lr=0.01)
        for _ in range(3):
            attack.zero_grad()
            (-model(x + delta).sum()).backward()
            attack.step()


if __name__ == "__main__":
    main()
