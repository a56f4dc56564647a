# expect: clean
"""The batch loop: the schedulers stepped before the optimizer's step of the same iteration (RULES.md ZG204; the
report is in models/base_model.py, where the scheduler's `step` is). Made today: nothing. What it needs: a scheduler
read from a list that a loop over the model's optimizers filled, each built on the loop's optimizer, stepped by a
base class's method that a loop runs before the subclass's `optimize_parameters`."""

from models.sr_model import SRModel


def main(opt, net, loader):
    model = SRModel(opt, net)
    for epoch in range(opt["epochs"]):
        for data in loader:
            model.feed_data(data)
            model.update_learning_rate()
            model.optimize_parameters()
