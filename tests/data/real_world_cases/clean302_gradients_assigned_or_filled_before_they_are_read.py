# expect: clean
"""Gradients read only where the code gave them a value first (facebookresearch/DomainBed's MLDG and AND-mask,
written here): a loop assigns each parameter's `.grad` and then scales it in place, and a method fills every missing
gradient with zeros (`if p.grad is None: p.grad = torch.zeros_like(p)`) before a later loop over the same parameters
adds into them (RULES.md ZG302: an unguarded dereference; these are not, a `.grad` just assigned is that value). The
twin `zg302_gradients_scaled_before_they_are_assigned.py` reads them before any value is given."""
import torch
import torch.nn.functional as F


def masked_update(network, optimizer, gradients, tau):
    optimizer.zero_grad()
    for param, grads in zip(network.parameters(), gradients):
        mask = (torch.stack(grads).sign().mean(dim=0).abs() >= tau).float()
        param.grad = mask * torch.stack(grads).mean(dim=0)
        param.grad *= 1.0 / (1e-10 + mask.mean())
    optimizer.step()


def meta_update(network, inner_net, optimizer, x, y):
    optimizer.zero_grad()
    for p in network.parameters():
        if p.grad is None:
            p.grad = torch.zeros_like(p)
    F.cross_entropy(inner_net(x), y).backward()
    for p_tgt, p_src in zip(network.parameters(), inner_net.parameters()):
        if p_src.grad is not None:
            p_tgt.grad.data.add_(p_src.grad.data)
    optimizer.step()
