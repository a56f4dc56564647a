# expect: clean
"""Cross-gradient training over the twin's base class: the domain network has no scheduler, so it is never cleared."""

import torch
import torch.nn.functional as F

from trainers.scheduled_base import ScheduledTrainerBase


class ScheduledCrossGrad(ScheduledTrainerBase):
    def __init__(self):
        super().__init__()
        self.F = torch.nn.Linear(8, 4)
        optim_f = torch.optim.SGD(self.F.parameters(), lr=0.1, momentum=0.9)
        self.register_model("F", self.F, optim_f, torch.optim.lr_scheduler.StepLR(optim_f, 10))
        self.D = torch.nn.Linear(8, 3)
        self.register_model("D", self.D, torch.optim.SGD(self.D.parameters(), lr=0.1, momentum=0.9))

    def forward_backward(self, batch):
        input, label, domain = batch
        input.requires_grad = True
        F.cross_entropy(self.D(input), domain).backward()
        input_d = input.detach() + 0.5 * input.grad.detach().clamp(-0.1, 0.1)
        input = input.detach()

        loss_f = F.cross_entropy(self.F(input), label) + F.cross_entropy(self.F(input_d), label)
        self.model_backward_and_update(loss_f, "F")

        loss_d = F.cross_entropy(self.D(input), domain)
        self.model_backward_and_update(loss_d, "D")
