# expect: clean
"""TRADES's binary MNIST training (yaodongyu/TRADES train_trades_mnist_binary.py), reduced: each batch first builds
its adversarial examples with a helper of the file handed the model, which runs the model only to take the gradient
of its input (`torch.autograd.grad`) and hands back `x.detach() + step * torch.sign(grad.detach())`, clamped around the
clean batch; then the clear, the loss's forward on the adversarial batch, backward and step. The clear runs before the
forward of the loss it clears for: the attack's forward passes carry no graph into what it returns (ZG104 asks of the
forward pass of the loss backwarded), whatever its hyperparameters (`args.step_size`) or the batch it is handed."""

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
    return x


def train(model, loader, optimizer):
    for data, target in loader:
        x_adv = perturb(net=model, x_nat=data, steps=10)
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x_adv), target)
        loss.backward()
        optimizer.step()


model = torch.nn.Linear(4, 2)
train(model, [], torch.optim.SGD(model.parameters(), lr=0.1))
