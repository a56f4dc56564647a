# expect: clean
import torch.nn.functional as F


def distillation_loss(student_logits, teacher_logits, temperature):
    soft_student = F.log_softmax(student_logits / temperature, dim=-1)
    soft_teacher = F.softmax(teacher_logits / temperature, dim=-1)
    return F.kl_div(soft_student, soft_teacher, reduction="batchmean") * temperature**2
