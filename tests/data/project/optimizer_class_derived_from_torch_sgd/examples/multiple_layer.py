# expect: ZG101 25:5
"""The example (aihwkit's examples/02_multiple_layer.py before PR 454): the project's optimizer, never cleared, so each
step applies the sum of every earlier epoch's gradients. `AnalogSGD` derives from torch's SGD through the package's
re-export (src/ layout, installed by setup.py): a class of the project derived from a torch optimizer is an optimizer
whatever its name (`Resolver.constructed_role`). The twin `multiple_layer_cleared.py` clears each epoch."""

from torch import Tensor
from torch.nn import Linear, Sequential
from torch.nn.functional import mse_loss

from kit.optim import AnalogSGD

x_b = Tensor([[0.1, 0.2, 0.0, 0.0], [0.2, 0.4, 0.0, 0.0]])
y_b = Tensor([[0.3], [0.6]])

model = Sequential(Linear(4, 2), Linear(2, 1))
opt = AnalogSGD(model.parameters(), lr=0.5)
opt.regroup_param_groups(model)

for epoch in range(100):
    pred = model(x_b)
    loss = mse_loss(pred, y_b)
    loss.backward()

    opt.step()
