# expect: ZG101 26:13
"""Feature and logit distillation: the loop clears only the student's optimizer but steps both, so the projector's
gradients pile up over every batch."""

import torch
import torch.nn.functional as F

from distill.losses import distillation_loss
from distill.optim import build_optimizers


def train(cfg, teacher, student, projector, loader):
    teacher.eval()
    optimizers = build_optimizers(cfg, student, projector)
    for epoch in range(cfg.epochs):
        for images, labels in loader:
            optimizers["student"].zero_grad()
            with torch.no_grad():
                teacher_logits, teacher_features = teacher(images)
            student_logits, student_features = student(images)
            loss = distillation_loss(student_logits, teacher_logits, cfg.temperature)
            loss = loss + cfg.feature_weight * F.mse_loss(projector(student_features), teacher_features)
            loss = loss + F.cross_entropy(student_logits, labels)
            loss.backward()
            optimizers["student"].step()
            optimizers["projector"].step()
