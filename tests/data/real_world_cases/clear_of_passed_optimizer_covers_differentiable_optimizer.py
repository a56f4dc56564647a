"""An optimizer passed in is cleared; a second one is built from the model's parameters.

Seen in facebookresearch/higher tests/test_optim.py (_run_correctness_test):
`opt` is a parameter, `diffopt = higher.optim.get_diff_optim(opt,
model.parameters(), fmodel)` is built per outer iteration, and each inner
iteration does `opt.zero_grad()`, `loss_model.backward()`,
`diffopt.step(loss_fmodel)`, `opt.step()`. Which parameters `opt` covers is not
visible, so RULES.md says its clear is assumed to cover every optimizer
("unknown must never create a report"); the clear runs at the top of every
iteration, so nothing reaches a step from an earlier iteration.
"""
# expect: clean
import torch


def build_shadow_optimizer(opt, params):
    return torch.optim.SGD(params, lr=opt.param_groups[0]["lr"])


def run_correctness_test(opt, model):
    for _ in range(10):
        shadow_optim = build_shadow_optimizer(opt, model.parameters())
        for _ in range(3):
            opt.zero_grad()
            x = torch.rand(10, 4)
            loss = model(x).pow(2).sum()
            loss.backward()
            shadow_optim.step()
            opt.step()
