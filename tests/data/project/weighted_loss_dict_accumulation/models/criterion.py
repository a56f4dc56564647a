# expect: clean
"""A criterion returning a dict of losses, and the weight of each (DETR's shape)."""

import torch


class SetCriterion(torch.nn.Module):
    def __init__(self, weight_dict):
        super().__init__()
        self.weight_dict = weight_dict

    def forward(self, outputs, targets):
        return {
            "loss_ce": torch.nn.functional.cross_entropy(outputs["logits"], targets["labels"]),
            "loss_bbox": torch.nn.functional.l1_loss(outputs["boxes"], targets["boxes"]),
        }
