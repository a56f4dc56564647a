"""A test asserts that no gradient is None, then concatenates the gradients.

Seen in torch/testing/_internal/distributed/distributed_test.py (a DDP test
with unused parameters): after the backward,
`self.assertTrue(not any(p.grad is None for p in model.parameters()), ...)`
and then `grads = torch.cat([p.grad.view(-1) for p in model.parameters()])`.
The assertion is the guard RULES.md lists for ZG301 and ZG302 ("an
assert"), written the unittest way.
"""
# expect: clean
import unittest

import torch


class GradTest(unittest.TestCase):
    def test_all_grads_present(self):
        model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.Linear(4, 1))
        model.zero_grad()
        loss = model(torch.randn(2, 4)).sum()
        loss.backward()
        self.assertTrue(
            not any(p.grad is None for p in model.parameters()),
            "Gradients can't be None for any model parameter.",
        )
        grads = torch.cat([p.grad.view(-1) for p in model.parameters()])
        self.assertGreater(grads.abs().sum().item(), 0.0)
