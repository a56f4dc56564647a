"""A line-search closure that clears, handed to the step inside an options dict.

Seen in hjmshi/PyTorch-LBFGS examples/Neural_Networks/*_lbfgs_example.py:
each iteration gets `grad, obj = get_grad(optimizer, ...)` (imported), defines
`def closure(): optimizer.zero_grad(); ...; return loss`, then
`options = {'closure': closure, 'current_loss': obj}`,
`obj, lr, *_ = optimizer.step(p, grad, options=options)` (the repository's
own LBFGS, which evaluates the closure during its line search), then
`obj.backward()` for the next curvature pair. The closure clears before the
backward that follows the step (RULES.md ZG101: "LBFGS closures that clear"
are not reported), however it reaches the step.
"""
# expect: clean
import torch
from lbfgs_helpers import LBFGS, get_grad

model = torch.nn.Linear(4, 2)
optimizer = LBFGS(model.parameters(), lr=1.0, history_size=10)
x, y = torch.randn(16, 4), torch.randn(16, 2)

for n_iter in range(20):
    grad, obj = get_grad(optimizer, x, y, model)
    p = optimizer.two_loop_recursion(-grad)

    def closure():
        optimizer.zero_grad()
        return torch.nn.functional.mse_loss(model(x), y)

    options = {"closure": closure, "current_loss": obj}
    obj, lr, *_ = optimizer.step(p, grad, options=options)
    obj.backward()
    grad = optimizer._gather_flat_grad()
    optimizer.curvature_update(grad)
