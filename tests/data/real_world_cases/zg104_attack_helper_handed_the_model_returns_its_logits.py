# expect: ZG104 34:9
"""The twin of clean104_attack_helper_handed_the_model_returns_a_detached_batch.py whose helper hands back the
model's logits on the adversarial batch, not the batch: the helper's last forward pass is the loss's, and the clear
runs after it (RULES.md ZG104, opt-in)."""

import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--step-size", type=float, default=0.01)
parser.add_argument("--epsilon", type=float, default=0.1)
args = parser.parse_args()


def perturb(net, x_nat, steps):
    net.eval()
    x = x_nat.detach() + 0.001 * torch.randn(x_nat.shape)
    for _ in range(steps):
        x.requires_grad_()
        with torch.enable_grad():
            loss = net(x).sum()
        grad = torch.autograd.grad(loss, [x])[0]
        x = x.detach() + args.step_size * torch.sign(grad.detach())
        x = torch.min(torch.max(x, x_nat - args.epsilon), x_nat + args.epsilon)
        x = torch.clamp(x, 0.0, 1.0)
    net.train()
    return net(x)


def train(model, loader, optimizer):
    for data, target in loader:
        logits = perturb(net=model, x_nat=data, steps=10)
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(logits, target)
        loss.backward()
        optimizer.step()


model = torch.nn.Linear(4, 2)
train(model, [], torch.optim.SGD(model.parameters(), lr=0.1))
