"""An inference script: no backward, no step.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


@torch.inference_mode()
def predict(model, loader):
    model.eval()
    outs = []
    for x in loader:
        outs.append(model(x).softmax(-1))
    return torch.cat(outs)
