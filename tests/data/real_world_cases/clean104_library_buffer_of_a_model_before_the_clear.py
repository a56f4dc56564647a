"""A continual learner that is itself the model (mammoth's `ContinualModel`: `self.zero_grad()` clears it): the replayed
batch comes from `self.buffer.get_data(8)`, a buffer of a library the analysis does not read, before the network's
clear. A call on an attribute of a model is a forward only where that attribute is visibly a torch module, or its
class's method visibly runs one; what `self.buffer` is stays unknown here, so the call is no forward by that alone
(the silent answer), and the clear follows no forward: the replay forward comes after it."""

# expect: clean

import torch
from torch import nn
from replay_library import Buffer


class Agem(nn.Module):
    def __init__(self, net: nn.Module, lr: float):
        super().__init__()
        self.net = net
        self.buffer = Buffer(200)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=lr)
        self.loss = nn.CrossEntropyLoss()

    def observe(self, inputs, labels):
        self.zero_grad()
        loss = self.loss(self.net(inputs), labels)
        loss.backward()
        buf_inputs, buf_labels = self.buffer.get_data(8)
        self.net.zero_grad()
        penalty = self.loss(self.net(buf_inputs), buf_labels)
        penalty.backward()
        self.opt.step()
        return loss.item()
