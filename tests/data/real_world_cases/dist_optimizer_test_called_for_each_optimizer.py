"""A test body with a local step and a distributed step, called once per optimizer class.

Seen in torch/testing/_internal/distributed/rpc/dist_optimizer_test.py
(`_test_dist_optim_base`): a local `loss.backward(); local_optim.step()`,
then, inside `with dist_autograd.context() as context_id:`,
`dist_autograd.backward(context_id, [loss.sum()])` and
`dist_optim.step(context_id)`; a test method calls the helper several times
in a row with different optimizer classes (issue 10 shape 4). Two calls in
sequence are not a loop, and `dist_autograd.backward(ctx, ...)` feeds the
DistributedOptimizer stepped with the same context (DESIGN.md pattern 11).
"""
# expect: clean
import torch
import torch.distributed.autograd as dist_autograd
from torch import optim
from torch.distributed.optim import DistributedOptimizer


class Tests:
    def _test_dist_optim_base(self, optim_cls, remote_params, **kwargs):
        w = torch.rand(3, 3, requires_grad=True)
        local_optim = optim_cls([w], **kwargs)
        loss = (w * 2).sum()
        loss.backward()
        local_optim.step()

        dist_optim = DistributedOptimizer(optim_cls, remote_params, **kwargs)
        with dist_autograd.context() as context_id:
            t1 = torch.rand((3, 3), requires_grad=True)
            loss = (t1 * 2).sum()
            dist_autograd.backward(context_id, [loss])
            dist_optim.step(context_id)

    def test_dist_optim(self, remote_params):
        self._test_dist_optim_base(optim.Adagrad, remote_params, lr=0.05)
        self._test_dist_optim_base(optim.SGD, remote_params, lr=0.05)
