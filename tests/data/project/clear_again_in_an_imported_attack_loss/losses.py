# expect: ZG103 26:5
"""A TRADES loss of its own module (yaircarmon/semisup-adv's losses.py, written here): the adversarial example is
searched with `torch.autograd.grad`, which writes no `.grad`, then the helper clears the optimizer it is handed before
the forward of the loss it returns. train.py clears the same optimizer at the top of the batch and calls this helper
with no backward between: the second clear, here, is reported (ZG103), naming train.py's. The message says nothing of
the loop's back edge: the first clear runs earlier in the same pass, on a line of another module whose number is
greater than this one's."""

import torch
import torch.nn.functional as F


def trades_loss(model, x_natural, y, optimizer, step_size=0.003, epsilon=0.031, perturb_steps=10, beta=1.0):
    model.eval()
    x_adv = x_natural.detach() + 0.001 * torch.randn_like(x_natural)
    for _ in range(perturb_steps):
        x_adv.requires_grad_()
        with torch.enable_grad():
            loss_kl = F.kl_div(F.log_softmax(model(x_adv), dim=1), F.softmax(model(x_natural), dim=1), reduction="sum")
        grad = torch.autograd.grad(loss_kl, [x_adv])[0]
        x_adv = x_adv.detach() + step_size * torch.sign(grad.detach())
        x_adv = torch.min(torch.max(x_adv, x_natural - epsilon), x_natural + epsilon).clamp(0.0, 1.0)
    model.train()

    # zero gradient
    optimizer.zero_grad()

    logits = model(x_natural)
    loss_robust = F.kl_div(F.log_softmax(model(x_adv), dim=1), F.softmax(logits, dim=1), reduction="sum") / len(x_natural)
    return F.cross_entropy(logits, y) + beta * loss_robust
