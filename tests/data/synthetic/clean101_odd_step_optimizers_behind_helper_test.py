"""Two optimizers, one stepped every iteration and one every second (its gradients summed over two), behind a
method of the trainer that returns a counter test; the trainer is built once before the loop."""
# expect: clean
import torch
from torch import nn


class Stepper:
    def __init__(self, model: nn.Module):
        self.fast = torch.optim.SGD(model[0].parameters(), lr=0.1)
        self.slow = torch.optim.Adam(model[1].parameters(), lr=1e-3)
        self.slow.every_other = True
        self.fast.every_other = False
        self.optimizers = [self.fast, self.slow]

    def is_active(self, opt, step):
        return not opt.every_other or step % 2 == 1

    def step_all(self, step):
        for opt in self.optimizers:
            if self.is_active(opt, step):
                opt.step()
                opt.zero_grad(set_to_none=True)


model = nn.Sequential(nn.Linear(8, 8), nn.Linear(8, 1))
stepper = Stepper(model)
for step in range(100):
    (model(torch.randn(4, 8)).pow(2).mean() / 2).backward()
    stepper.step_all(step)
