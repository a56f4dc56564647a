# expect: ZG301 27:13
"""A parameter server that sums each worker's gradients into `p.grad` and, every `batch` calls, steps and clears to
None (pytorch/examples' distributed/rpc/batch/parameter_server.py before "fix zero_grad default parameter", 6fc19c7;
PR 1172): the call after a clear reads `p.grad += g` on None and raises a TypeError. The workers' loop makes the calls
through `rpc.rpc_sync(owner, Server.add_gradients, args=...)`, so the read follows the clear only across two calls of
the method. Reported where `p.grad` is dereferenced (RULES.md ZG301: the read follows a clear with `set_to_none=True`
and no backward since). The method's body alone reads before it clears; the analysis does not follow the method
handed to `rpc.rpc_sync` and so sees no loop around it. What it needs: a library summary of torch.distributed.rpc's
`rpc_sync`/`rpc_async`/`remote` (the function handed as `func` runs with `args`, on the owner of the first RRef), so
that the workers' loop calls the method once per iteration, the server's state (its optimizer's clear) carried from
one call to the next."""

import torch
import torch.distributed.rpc as rpc
from torch import nn


class Server:
    def __init__(self, batch=4):
        self.model = nn.Linear(8, 2)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.01, momentum=0.9)
        self.batch = batch
        self.pending = 0

    def add_gradients(self, grads):
        for p, g in zip(self.model.parameters(), grads):
            p.grad += g
        self.pending += 1
        if self.pending == self.batch:
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.pending = 0
        return self.model


def work(server, loader):
    local = nn.Linear(8, 2)
    for features, labels in loader:
        nn.functional.mse_loss(local(features), labels).backward()
        local = rpc.rpc_sync("server", server.add_gradients, args=([p.grad for p in local.parameters()],))
