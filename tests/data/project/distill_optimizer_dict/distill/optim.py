# expect: clean
"""The optimizers of a distillation run: the student's and the feature projector's, in one dict."""

import torch


def build_optimizers(cfg, student, projector):
    return {
        "student": torch.optim.AdamW(student.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay),
        "projector": torch.optim.SGD(projector.parameters(), lr=cfg.projector_lr, momentum=0.9),
    }
