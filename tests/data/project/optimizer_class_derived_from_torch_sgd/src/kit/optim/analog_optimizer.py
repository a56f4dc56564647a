# expect: clean
"""The project's optimizer (aihwkit's `AnalogSGD`): torch's SGD with a mixin that regroups the parameters of the analog
layers; its `step` is SGD's."""

from torch.optim import SGD


class AnalogOptimizerMixin:
    def regroup_param_groups(self, model):
        self.param_groups = [group for group in self.param_groups if group["params"]]


class AnalogSGD(AnalogOptimizerMixin, SGD):
    pass
