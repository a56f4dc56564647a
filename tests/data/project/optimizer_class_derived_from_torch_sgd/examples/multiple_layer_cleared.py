# expect: clean
"""The example as PR 454 fixed it: the project's optimizer (an SGD) cleared at the start of each epoch."""

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
    opt.zero_grad()
    pred = model(x_b)
    loss = mse_loss(pred, y_b)
    loss.backward()

    opt.step()
