# expect: clean
"""Cross-gradient training (the shape of Dassl's CrossGrad): two backwards take the input's gradients for the
perturbations, then each network is updated through the base class, which clears it first."""

import torch
import torch.nn.functional as F

from trainers.base import TrainerBase


class CrossGrad(TrainerBase):
    def __init__(self):
        super().__init__()
        self.F = torch.nn.Linear(8, 4)
        self.register_model("F", self.F, torch.optim.SGD(self.F.parameters(), lr=0.1, momentum=0.9))
        self.D = torch.nn.Linear(8, 3)
        self.register_model("D", self.D, torch.optim.SGD(self.D.parameters(), lr=0.1, momentum=0.9))

    def forward_backward(self, batch):
        input, label, domain = batch
        input.requires_grad = True
        F.cross_entropy(self.D(input), domain).backward()
        input_d = input.detach() + 0.5 * input.grad.detach().clamp(-0.1, 0.1)
        input.grad = None
        F.cross_entropy(self.F(input), label).backward()
        input_f = input.detach() + 0.5 * input.grad.detach().clamp(-0.1, 0.1)
        input = input.detach()

        loss_f = F.cross_entropy(self.F(input), label) + F.cross_entropy(self.F(input_d), label)
        self.model_backward_and_update(loss_f, "F")

        loss_d = F.cross_entropy(self.D(input), domain) + F.cross_entropy(self.D(input_f), domain)
        self.model_backward_and_update(loss_d, "D")
