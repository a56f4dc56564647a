# expect: ZG602 25:17
# expect: ZG602 27:13
"""SforAiDl/KD_Lib's DML before ae72e3b (KD_Lib/KD/vision/DML/dml.py:106 and 120): each batch sums the students'
loss tensors into `avg_student_loss` over the loop of students, divides it by their number and adds it, still a
tensor, into `epoch_loss`, which outlives the batch loop: every batch's graphs stay alive until the epoch ends
(RULES.md ZG602; the fix adds `.item()`). The inner sum (line 25) is reported; the epoch's (line 27) is missed:
ZG602 follows the tensor given to a backward and the values on the way to it, not a value computed from it after
(`avg_student_loss`, a sum of such tensors, then divided). Passed in pend24: a value computed from a loss by
arithmetic alone, with autograd recording (`avg += loss`, `avg /= n`), carries its graph where it is kept
(`kept_values.computed_from_losses`); the twin zg602_inner_sum_of_the_passes_losses_logged_as_a_number.py adds `.item()`."""

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
            epoch_loss += avg_student_loss
    return epoch_loss
