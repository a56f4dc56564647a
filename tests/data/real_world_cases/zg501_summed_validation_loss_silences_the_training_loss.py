"""A fine-tuning script whose validation sums its loss (UNITER's train_nlvr2.py, train_vcr.py, pretrain.py and
pretrain_vcr.py: `validate` under `@torch.no_grad()` summing its cross-entropy by the loss's own reduction keyword).

The training loop backpropagates a micro-batch's mean loss, undivided, and steps every `accum` micro-batches: the
effective learning rate is `accum` times larger (RULES.md ZG501). The only summed reduction of the file is the
validation's, which builds no loss given to a backward. Before pend20 `facts.normalised_elsewhere` read the file's text
as a whole (`LOSS_SUMMED`), and such a keyword anywhere (a docstring's too) silenced ZG501 for every backward of the
file; now a summed reduction counts only in code that may build a trained loss (`facts.sums_a_trained_loss`: not under
`no_grad`, not in a string). The twin `clean501_training_loss_summed_beside_a_summed_validation.py` sums its
training loss too.
"""
# expect: ZG501 29:9
import torch
import torch.nn.functional as F


@torch.no_grad()
def validate(model, loader):
    """The validation loss, summed (`reduction="sum"`) over the examples."""
    total = 0.0
    for x, y in loader:
        total += F.cross_entropy(model(x), y, reduction="sum").item()
    return total


def train(model, optimizer, loader, accum):
    for step, (x, y) in enumerate(loader):
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        if (step + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
