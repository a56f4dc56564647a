# expect: ZG101 13:5
"""The step of the script beside this package (fit_by_a_sibling_step.py): a backward and a step, no clear, so every
epoch of the script's loop applies the gradients of all the earlier ones too (RULES.md ZG101 at the step)."""

import torch.nn.functional as F


def fit_batch(model, optimizer, x, y):
    hidden = model.init_hidden(x.size(0))
    out, _ = model(x, hidden)
    loss = F.cross_entropy(out, y)
    loss.backward()
    optimizer.step()
    return loss.item()
