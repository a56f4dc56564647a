# expect: clean
"""A loss record: the total of its named terms and their numbers for the log. Divided as a whole, it divides its total
(the `__truediv__` eloialonso/iris's `LossWithIntermediateLosses` has)."""


class LossRecord:
    def __init__(self, **terms):
        self.loss_total = sum(terms.values())
        self.intermediate_losses = {name: term.item() for name, term in terms.items()}

    def __truediv__(self, value):
        for name, number in self.intermediate_losses.items():
            self.intermediate_losses[name] = number / value
        self.loss_total = self.loss_total / value
        return self
