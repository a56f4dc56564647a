"""A fine-tuning script whose validation sums its loss (UNITER's train_nlvr2.py, train_vcr.py, pretrain.py and
pretrain_vcr.py: `validate` under `@torch.no_grad()` summing its cross-entropy by the loss's own reduction keyword).

The training loop backpropagates a micro-batch's mean loss, undivided, and steps every `accum` micro-batches: the
effective learning rate is `accum` times larger (RULES.md ZG501). The file's summed reductions are the validation's
and a monitor's under `with torch.no_grad():`, values that carry no graph and that no backward is given: they say
nothing of the training loss (`questions/summed_losses.py`; the file's text as a whole silenced ZG501 before).
"""
# expect: ZG501 27:9
import torch
import torch.nn.functional as F


@torch.no_grad()
def validate(model, loader):
    total = 0.0
    for x, y in loader:
        total += F.cross_entropy(model(x), y, reduction="sum").item()
    return total


def train(model, optimizer, loader, accum):
    monitored = 0.0
    for step, (x, y) in enumerate(loader):
        out = model(x)
        loss = F.cross_entropy(out, y)
        loss.backward()
        with torch.no_grad():
            monitored += F.nll_loss(out.log_softmax(-1), y, reduction="sum").item()
        if (step + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
    return monitored
