# expect: clean
"""A learner's unit test (the shape of torchbeast's tests/polybeast_learn_function_test.py): after one learning step
it checks that every parameter got a gradient, `self.assertIsNotNone(p.grad)`, and then that the gradient is not all
zeros. unittest's assertion raises when `p.grad` is None, as `assert p.grad is not None` does, so the read after it
is guarded. The twin `zg302_grad_compared_in_a_unittest_without_asserting_not_none.py` leaves the assertion out."""

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
            self.assertIsNotNone(p.grad)
            self.assertFalse(torch.equal(p.grad, torch.zeros_like(p.grad)))
