# expect: ZG104 31:13
# expect: ZG302 34:24
# expect: ZG302 35:37
# expect: ZG302 35:46
# expect: ZG302 35:62
"""The buggy twin: the replayed batch's forward runs before the network's clear (correct, but fragile: ZG104)."""

import torch
from torch import nn

from buffer import ReplayBuffer


class AgemLateClear(nn.Module):
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
            buf_outputs = self.net(buf_inputs)
            penalty = self.loss(buf_outputs, buf_labels)
            self.net.zero_grad()
            penalty.backward()
            for p, g in zip(self.net.parameters(), stream_grads):
                dot = (p.grad * g).sum()
                p.grad = g - dot / (p.grad * p.grad).sum() * p.grad if dot < 0 else g
        self.opt.step()
        self.buffer.add_data(inputs, labels)
        return loss.item()
