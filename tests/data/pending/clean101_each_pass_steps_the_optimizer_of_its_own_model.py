# expect: clean
"""The clean twin of SforAiDl/KD_Lib's DML (KD_Lib/KD/vision/DML/dml.py:104, judged true): each batch clears
every student's optimizer, then a loop over the students backpropagates student `i`'s loss and steps
`self.student_optimizers[i]`. In KD_Lib the peers' outputs are not detached, so student `i`'s backward also writes
the gradients of the students after it, which their steps then apply (RULES.md ZG101, true). Here the peers'
outputs are detached: each pass's backward reaches only its own student, whose optimizer was cleared at the top
of the batch and is stepped once, so nothing is applied twice. Made today (ZG101 at the step): a pass's backward is
taken to write every optimizer's gradients and `self.student_optimizers[i]` is one optimizer in every pass (a
`NextElement` is made only for a loop target that is itself an optimizer, and is fresh only where each pass's loss
is the target's own). What it needs: a step on an element chosen by the loop's target (`optimizers[i]`, the
optimizer zipped with a model) read as another optimizer in each pass, and a loss known to reach only that pass's
model (every forward it is computed from is of the element the same target chooses, the others' cut by
`.detach()`)."""

import torch.nn.functional as F


class MutualLearning:
    def __init__(self, students, optimizers, loader):
        self.students = students
        self.student_optimizers = optimizers
        self.loader = loader

    def train_students(self, epochs):
        for _ in range(epochs):
            for data, label in self.loader:
                for optimizer in self.student_optimizers:
                    optimizer.zero_grad()
                for i in range(len(self.students)):
                    logits = self.students[i](data)
                    loss = F.cross_entropy(logits, label)
                    for j in range(len(self.students)):
                        if j != i:
                            peer = self.students[j](data).detach()
                            loss = loss + F.kl_div(F.log_softmax(logits, dim=1), F.softmax(peer, dim=1))
                    loss.backward()
                    self.student_optimizers[i].step()
