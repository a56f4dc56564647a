# expect: ZG302 32:42
# expect: ZG302 32:67
"""The twin of `clean302_grad_asserted_not_none_by_unittest_then_compared.py` without the `assertIsNotNone`: the
test compares each parameter's gradient with zeros with nothing checking it is not None, so a parameter the forward
skips (or a frozen one) makes `torch.zeros_like(p.grad)` raise a TypeError, not a test failure: the strict rule's
unguarded read (ZG302, opt-in; the file shows no None, so not ZG301)."""

import unittest

import torch
from torch import nn


def learn(model, optimizer, batch):
    optimizer.zero_grad()
    loss = model(batch).pow(2).mean()
    loss.backward()
    optimizer.step()
    return loss.item()


class LearnTest(unittest.TestCase):
    def setUp(self):
        self.model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def test_every_parameter_gets_a_gradient(self):
        for p in self.model.parameters():
            self.assertIsNone(p.grad)
        learn(self.model, self.optimizer, torch.randn(3, 4))
        for p in self.model.parameters():
            self.assertFalse(torch.equal(p.grad, torch.zeros_like(p.grad)))
