# expect: clean
"""The trainer: its steps built from the config, each batch cut into micro-batches; per step, the clear, the
micro-batches' forward and backward, then (when the step trains) the unscale of each optimizer and the step's
`do_step`."""

import torch

from .steps import ConfigurableStep


class ExtensibleTrainer:
    def __init__(self, opt, networks):
        self.opt = opt
        self.env = {"networks": networks, "mega_batch_factor": opt["mega_batch_factor"]}
        self.steps = [ConfigurableStep(s, self.env) for s in opt["steps"]]
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
