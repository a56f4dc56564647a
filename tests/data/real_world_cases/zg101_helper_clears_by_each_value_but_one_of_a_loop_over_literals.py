"""A clear chosen by the value of a loop over literals, one value of which clears nothing.

The twin of clean101_helper_clears_by_each_value_of_a_loop_over_literals.py: the loop
also runs with `how_to_zero = "keep"`, which none of the helper's three tests holds
for, so on that pass nothing clears between the first step and the second backward,
and the second step applies again what the first applied (ZG101). The literals of
the loop's display decide the helper's chain only where every one of them has its arm.
"""
# expect: ZG101 34:13
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
        for how_to_zero in "none", "model", "optimizer", "keep":
            model = make_model()
            optimizer = torch.optim.SGD(model.parameters(), lr=0.25, momentum=0.125)
            self.zero_grad([model], optimizer, how_to_zero)
            model(x).backward()
            optimizer.step()
            self.zero_grad([model], optimizer, how_to_zero)
            model(x).backward()
            optimizer.step()
