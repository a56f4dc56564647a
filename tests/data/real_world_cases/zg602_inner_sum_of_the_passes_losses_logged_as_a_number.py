# expect: ZG602 20:17
"""The twin of zg602_sum_of_the_passes_losses_kept_over_the_epoch.py: each batch sums the students' loss tensors into
`avg_student_loss` (line 20, reported: the students loop keeps their graphs until the batch ends), divides it by their
number, and adds it into the epoch's `epoch_loss` as a number (`.item()`): no graph outlives the batch through the
epoch's sum, which is not reported."""

import torch.nn.functional as F


def train_students(students, optimizers, loader, epochs):
    for _ in range(epochs):
        epoch_loss = 0.0
        for data, label in loader:
            avg_student_loss = 0
            for i in range(len(students)):
                optimizers[i].zero_grad()
                student_loss = F.cross_entropy(students[i](data), label)
                student_loss.backward()
                optimizers[i].step()
                avg_student_loss += student_loss
            avg_student_loss /= len(students)
            epoch_loss += avg_student_loss.item()
    return epoch_loss
