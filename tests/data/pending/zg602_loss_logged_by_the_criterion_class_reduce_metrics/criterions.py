# expect: clean
"""The criteria, chosen by name from a registry: each returns the loss, its sample size and a logging dict, and
aggregates the logging dicts of a step in a static `reduce_metrics`. The masked LM's logging dict holds the loss
itself, graph and all (the fix logs `loss.data`)."""

import math

import torch.nn.functional as F
from torch import nn

import meters

CRITERIONS = {}


def register_criterion(name):
    def register(cls):
        CRITERIONS[name] = cls
        return cls

    return register


@register_criterion("masked_lm")
class MaskedLmLoss(nn.Module):
    def __init__(self, padding_idx):
        super().__init__()
        self.padding_idx = padding_idx

    def forward(self, model, sample):
        logits = model(sample["net_input"])
        loss = F.cross_entropy(logits, sample["target"], reduction="sum", ignore_index=self.padding_idx)
        sample_size = sample["target"].ne(self.padding_idx).sum()
        logging_output = {"loss": loss, "sample_size": sample_size}
        return loss, sample_size, logging_output

    @staticmethod
    def reduce_metrics(logging_outputs):
        loss_sum = sum(log.get("loss", 0) for log in logging_outputs)
        sample_size = sum(log.get("sample_size", 0) for log in logging_outputs)
        meters.log_scalar("loss", loss_sum / sample_size / math.log(2), sample_size)


def build_criterion(name, padding_idx):
    return CRITERIONS[name](padding_idx)
