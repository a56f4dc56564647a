# expect: clean
"""Twin of zg104_clear_in_a_loop_over_an_optimizer_dict_whose_plain_step_is_unknown.py (VQ-Diffusion's solver): the loop
over the optimizers' dict clears the entry's optimizer first, then the forward, backward and the optimizer's step,
and then steps the entry's scheduler. `op_sc["scheduler"]["module"]` reads the dict's "scheduler" entry, a scheduler:
its `step()` is no optimizer's step (taken for one, it would be stepped every iteration with no clear: ZG101)."""

import torch


class Solver:
    def __init__(self, model, optimizer, scheduler):
        self.model = model
        self.optimizer_and_scheduler = {
            "none": {
                "optimizer": {"module": optimizer, "step_iteration": 1},
                "scheduler": {"module": scheduler, "step_iteration": 1},
            }
        }

    def step(self, batch):
        for name, op_sc in self.optimizer_and_scheduler.items():
            op_sc["optimizer"]["module"].zero_grad()
            output = self.model(batch)
            output["loss"].backward()
            op_sc["optimizer"]["module"].step()
            op_sc["scheduler"]["module"].step()

    def train(self, loader, epochs):
        for epoch in range(epochs):
            for batch in loader:
                self.step(batch)


def fit(model, loader):
    optimizer = torch.optim.Adam(model.parameters())
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 10)
    Solver(model, optimizer, scheduler).train(loader, 3)
