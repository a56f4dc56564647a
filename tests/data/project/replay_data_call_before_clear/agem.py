# expect: ZG302 34:24
# expect: ZG302 35:37
# expect: ZG302 35:46
# expect: ZG302 35:62
"""A-GEM's update (aimagelab/mammoth models/agem.py): the stream batch's gradients are kept, the network is cleared,
and the replayed batch's forward and backward follow the clear; the step applies the projection of the two.
The call before the clear, `self.buffer.get_data(8)`, returns stored examples: no model runs there."""

import torch
from torch import nn

from buffer import ReplayBuffer


class Agem(nn.Module):
    def __init__(self, net: nn.Module, lr: float):
        super().__init__()
        self.net = net
        self.buffer = ReplayBuffer(200)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=lr)
        self.loss = nn.CrossEntropyLoss()

    def observe(self, inputs, labels):
        self.zero_grad()
        loss = self.loss(self.net(inputs), labels)
        loss.backward()
        if not self.buffer.is_empty():
            stream_grads = [p.grad.clone() for p in self.net.parameters() if p.grad is not None]
            buf_inputs, buf_labels = self.buffer.get_data(8)
            self.net.zero_grad()
            penalty = self.loss(self.net(buf_inputs), buf_labels)
            penalty.backward()
            for p, g in zip(self.net.parameters(), stream_grads):
                dot = (p.grad * g).sum()
                p.grad = g - dot / (p.grad * p.grad).sum() * p.grad if dot < 0 else g
        self.opt.step()
        self.buffer.add_data(inputs, labels)
        return loss.item()
