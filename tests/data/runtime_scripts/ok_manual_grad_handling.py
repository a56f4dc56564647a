"""Clears by hand (p.grad = None, zero_ with detach_), several backwards before one step, autograd.grad."""
import torch
from torch import nn

torch.manual_seed(0)
enc, dec = nn.Linear(4, 3), nn.Linear(3, 4)
optimizer = torch.optim.SGD(list(enc.parameters()) + list(dec.parameters()), lr=0.1)
for it in range(3):
    for p in list(enc.parameters()) + list(dec.parameters()):
        p.grad = None
    x = torch.randn(5, 4)
    z = enc(x)
    recon = nn.functional.mse_loss(dec(z), x)
    recon.backward(retain_graph=True)
    (z.pow(2).mean() * 0.1).backward()
    optimizer.step()
for it in range(3):
    enc.zero_grad()
    dec.zero_grad()
    x = torch.randn(5, 4, requires_grad=True)
    out = dec(enc(x)).sum()
    (gx,) = torch.autograd.grad(out, x, create_graph=True)
    (out + gx.pow(2).sum()).backward()
    optimizer.step()
for it in range(3):
    for p in optimizer.param_groups[0]["params"]:
        if p.grad is not None:
            p.grad.detach_()
            p.grad.zero_()
    dec(enc(torch.randn(5, 4))).abs().mean().backward()
    optimizer.step()
