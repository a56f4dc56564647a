"""A VQA fine-tuning loop whose instance-level BCE is the mean over the batch's elements times the number of answer
labels (UNITER's train_vqa.py and train_ve.py: `loss = loss.mean() * batch['targets'].size(1)`).

The product by the label count turns the element mean into a per-example sum over labels; nothing divides it by the
number of accumulated micro-batches, and the step runs every `accum` of them (RULES.md ZG501). The engine reads a loss
multiplied as a whole by a size (`losses.scaled_on_purpose`: `"*"` and a size word) as normalised here or summed on
purpose, and stays silent. A RULES.md question: ZG501 exempts a loss visibly summed on purpose by its reduction
keyword and normalised elsewhere; here it is summed on purpose over the labels and normalised nowhere for the accumulation.
"""
# expect: ZG501 20:9
import torch
import torch.nn.functional as F


def train(model, optimizer, loader, accum):
    for step, (x, targets) in enumerate(loader):
        logits = model(x)
        loss = F.binary_cross_entropy_with_logits(logits, targets, reduction="none")
        loss = loss.mean() * targets.size(1)
        loss.backward()
        if (step + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
