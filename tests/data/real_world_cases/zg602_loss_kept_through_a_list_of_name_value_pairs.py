# expect: ZG602 31:13
"""A trainer's logging method that walks a literal list of (name, value) pairs and appends each value to the epoch's
statistics kept on the instance: the backpropagated loss is one of the values, so every batch's autograd graph stays
alive until the epoch ends (RULES.md ZG602). The shape of mir-group/nequip's `end_of_batch_log` before PR 1, with
the statistics appended to directly (the pending case `zg602_loss_kept_through_a_list_of_triples_into_the_epoch_statistics.py`
reaches them through a name bound to an entry of the instance's dict). A loop over a list or tuple display binds its
target to each element at that position (`kept_values.displayed_terms`). The twin
`clean602_loss_item_in_a_list_of_name_value_pairs.py` logs `loss.item()`.
"""
import torch


class Trainer:
    def __init__(self, model, optim):
        self.model = model
        self.optim = optim
        self.statistics = {"mae": [], "loss": []}

    def batch_step(self, x, y):
        self.optim.zero_grad()
        out = self.model(x)
        loss = torch.nn.functional.mse_loss(out, y)
        loss.backward()
        self.optim.step()
        self.batch_loss = loss
        self.batch_mae = (out - y).abs().mean().item()
        self.end_of_batch_log()

    def end_of_batch_log(self):
        for name, value in [("mae", self.batch_mae), ("loss", self.batch_loss)]:
            self.statistics[name] += [value]

    def epoch(self, loader):
        for x, y in loader:
            self.batch_step(x, y)
