# expect: clean
"""Adversarial losses (the shape of imrahulr/adversarial_robustness_pytorch's core/utils/trades.py): each clears the
optimizer it is handed once the attack is built, and an attack it does not know raises before that clear."""

import torch
import torch.nn.functional as F


def trades_loss(model, x, y, optimizer, step_size=0.003, epsilon=0.031, attack="linf-pgd"):
    x_adv = x.detach() + 0.001 * torch.randn_like(x)
    if attack == "linf-pgd":
        x_adv.requires_grad_()
        loss_kl = F.kl_div(F.log_softmax(model(x_adv), dim=1), F.softmax(model(x), dim=1), reduction="sum")
        grad = torch.autograd.grad(loss_kl, [x_adv])[0]
        x_adv = torch.clamp(x_adv.detach() + step_size * torch.sign(grad), x - epsilon, x + epsilon)
    else:
        raise ValueError(f"Attack={attack} not supported for TRADES training!")
    optimizer.zero_grad()
    logits = model(x)
    loss = F.cross_entropy(logits, y) + F.kl_div(F.log_softmax(model(x_adv), dim=1), F.softmax(logits, dim=1))
    return loss, {"loss": loss.item()}


def fast_loss(model, x, y, optimizer, attack="fgsm"):
    """The twin: an attack it does not know returns the clean loss, before the clear."""
    if attack != "fgsm":
        return F.cross_entropy(model(x), y), {}
    x_adv = x.detach().requires_grad_()
    grad = torch.autograd.grad(F.cross_entropy(model(x_adv), y), [x_adv])[0]
    optimizer.zero_grad()
    loss = F.cross_entropy(model(x + 0.03 * grad.sign()), y)
    return loss, {"loss": loss.item()}
