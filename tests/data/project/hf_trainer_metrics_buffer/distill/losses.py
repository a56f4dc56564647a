# expect: clean
"""The distillation loss: the student's cross-entropy and the KL divergence to the teacher's softened logits."""

import torch.nn.functional as F


def distillation_losses(student_logits, teacher_logits, labels, temperature):
    ce = F.cross_entropy(student_logits.view(-1, student_logits.size(-1)), labels.view(-1), ignore_index=-100)
    kd = F.kl_div(
        F.log_softmax(student_logits / temperature, dim=-1),
        F.softmax(teacher_logits / temperature, dim=-1),
        reduction="batchmean",
    ) * temperature**2
    return ce, kd
