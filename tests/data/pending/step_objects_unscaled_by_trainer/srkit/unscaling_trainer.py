# expect: clean
"""The same trainer over steps that unscale by themselves (srkit/unscaling_steps.py): it unscales each optimizer before
their `do_step` too."""

import torch

from .unscaling_steps import UnscalingStep


class UnscalingTrainer:
    def __init__(self, opt, networks):
        self.opt = opt
        self.env = {"networks": networks, "mega_batch_factor": opt["mega_batch_factor"]}
        self.steps = [UnscalingStep(s, self.env) for s in opt["steps"]]
        self.batch_factor = opt["mega_batch_factor"]
        self.dstate = {}

    def feed_data(self, data):
        self.dstate = {k: list(torch.chunk(v, self.batch_factor)) for k, v in data.items()}

    def optimize_parameters(self, it):
        state = self.dstate
        for step in self.steps:
            train_step = it % step.step_opt.get("every", 1) == 0
            if train_step:
                for o in step.optimizers:
                    o.zero_grad()
            for m in range(self.batch_factor):
                state.update(step.do_forward_backward(state, m))
            if train_step:
                for opt in step.optimizers:
                    step.scaler.unscale_(opt)
                step.do_step()
