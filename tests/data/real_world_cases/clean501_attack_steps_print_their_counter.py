"""PGD adversarial training (DeepRobust's image/attack/pgd.py and defense/pgdtraining.py shape, written here): the
attack's `range(num_steps)` passes perturb the same batch, each backpropagated, before the training loss's backward
and the step. The counter only goes into a progress line (`"iteration {}".format(i)`): text, no other data; and
`x_pgd = x_pgd.detach()` calls a method of what the pass computed, no batch drawn: the passes are no micro-batches
(RULES.md ZG501 asks about micro-batches): silent."""
# expect: clean
import torch
import torch.nn.functional as F


def pgd_attack(model, x, y, num_steps, step_size, epsilon):
    x_pgd = x.detach().clone().requires_grad_()
    for i in range(num_steps):
        loss = F.cross_entropy(model(x_pgd), y)
        print("iteration {:.0f}, loss:{:.4f}".format(i, loss))
        loss.backward()
        eta = (x_pgd + step_size * x_pgd.grad.sign() - x).clamp(-epsilon, epsilon)
        x_pgd = (x + eta).clamp(0, 1)
        x_pgd = x_pgd.detach()
        x_pgd.requires_grad_()
    return x_pgd


def train(model, loader, optimizer, epochs):
    for _ in range(epochs):
        for data, target in loader:
            optimizer.zero_grad()
            data_adv = pgd_attack(model, data, target, 10, 0.01, 0.3)
            loss = F.cross_entropy(model(data_adv), target)
            loss.backward()
            optimizer.step()
