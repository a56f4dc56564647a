# expect: ZG204 14:13
"""The base model class: every scheduler of `self.schedulers` stepped by `update_learning_rate` (andreas128/SRFlow's
code/models/base_model.py:71, judged missed), which train.py calls before `optimize_parameters`."""


class BaseModel:
    def __init__(self, opt):
        self.opt = opt
        self.optimizers = []
        self.schedulers = []

    def update_learning_rate(self):
        for scheduler in self.schedulers:
            scheduler.step()
