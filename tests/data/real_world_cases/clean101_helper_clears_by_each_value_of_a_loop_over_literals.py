"""A clear chosen by the value of a loop over literals, each value a clear.

The shape of a mixed-precision library's test of `add_param_group`: the loop
`for how_to_zero in "none", "model", "optimizer":` hands its value to the
test's `zero_grad` helper, whose `if`/`elif`/`elif` sets every `grad` to
None, clears the models, or clears the optimizer; the step, a clear and a
second backward and step follow. The loop's value is one of the three
literals, so every path through the helper clears: the path where none of
the three tests holds does not exist (RULES.md, correlated conditions), and
ZG101 at the second step is a false report.
"""
# expect: clean
import torch


class Test:
    def zero_grad(self, models, optimizer, how_to_zero):
        if how_to_zero == "none":
            for model in models:
                for param in model.parameters():
                    param.grad = None
        elif how_to_zero == "model":
            for model in models:
                model.zero_grad()
        elif how_to_zero == "optimizer":
            optimizer.zero_grad()

    def test_add_param_group(self, make_model, x):
        for how_to_zero in "none", "model", "optimizer":
            model = make_model()
            optimizer = torch.optim.SGD(model.parameters(), lr=0.25, momentum=0.125)
            self.zero_grad([model], optimizer, how_to_zero)
            model(x).backward()
            optimizer.step()
            self.zero_grad([model], optimizer, how_to_zero)
            model(x).backward()
            optimizer.step()
