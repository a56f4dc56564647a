"""A trainer's logging method that appends the loss it backpropagated to the epoch's statistics, taking it from a list
of (name, value, contributions) triples and appending through a name bound to the statistics' dict: every batch's
autograd graph stays alive until the epoch ends.

Shape of mir-group/nequip's `Trainer.end_of_batch_log` before PR 1 "Detach all losses that get saved" (73bd958), the
history pair nequip/train/trainer.py:731: `batch_step` sets `self.batch_loss = loss` after the step (a copy the
analysis follows since hist21: real_world_cases/zg602_loss_kept_by_a_logging_method_through_an_attribute.py); the
logging method binds `stat` to a new dict stored in `self.statistics` at the epoch's first batch, else to the dict
stored there, and appends `value` of `for name, value in [...]` to `stat[name]["value"]`. RULES.md ZG602 wants the
append reported (a tensor given to a backward added into a variable that outlives the iteration).
"""
# expect: ZG602 38:17
import torch


class Trainer:
    def __init__(self, model, optim):
        self.model = model
        self.optim = optim
        self.statistics = {}

    def batch_step(self, x, y):
        self.optim.zero_grad()
        loss = torch.nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.optim.step()
        self.batch_loss = loss
        self.end_of_batch_log()

    def end_of_batch_log(self):
        if self.ibatch == 0:
            stat = {"mae": {"value": []}, "loss": {"value": []}}
            self.statistics["train"] = stat
        else:
            stat = self.statistics["train"]
        for name, value in [("mae", None), ("loss", self.batch_loss)]:
            if name == "loss":
                stat[name]["value"] += [value]

    def epoch(self, loader):
        for self.ibatch, (x, y) in enumerate(loader):
            self.batch_step(x, y)
