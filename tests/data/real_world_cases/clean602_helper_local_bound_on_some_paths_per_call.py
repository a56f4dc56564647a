"""The loss helper binds `loss` in an if/elif chain with no `else` and adds a distillation term to it when an old model
is kept (incremental_learning.pytorch's PODNet `_forward_loss`, run by its base class's batch loop): each call's `loss`
is that call's own local, unbound at its entry, so no iteration's graph is carried into the next (on the path where
neither branch binds it, `loss += flat` raises UnboundLocalError, it adds to nothing of an earlier call).

RULES.md ZG602 (a value kept across iterations): clean. Reported at a80d987 (ZG602 at `loss += flat`, seen in the corpus
as five reports of inclearn/models/podnet.py, 344-427, against /tmp/rw_final26, the twenty-seventh session's first
round): the inlined helper's locals are keyed by its one inlined instance, and the call's entry rebinds only its
parameters, so on the path through no branch the helper's `loss` is taken to hold the previous call's value.
"""
# expect: clean
import torch
import torch.nn.functional as F


class Model:
    def __init__(self, net, nca, softmax_ce, old_model):
        self._network = net
        self._nca = nca
        self._softmax_ce = softmax_ce
        self._old_model = old_model
        self._optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
        self._metrics = {"flat": 0.0}

    def _forward_loss(self, inputs, targets):
        logits = self._network(inputs)
        if self._nca:
            loss = nca_loss(logits, targets)
        elif self._softmax_ce:
            loss = F.cross_entropy(logits, targets)
        if self._old_model is not None:
            flat = (logits - self._old_model(inputs)).pow(2).mean()
            loss += flat
            self._metrics["flat"] += flat.item()
        return loss

    def train(self, loader):
        for inputs, targets in loader:
            self._optimizer.zero_grad()
            loss = self._forward_loss(inputs, targets)
            loss.backward()
            self._optimizer.step()
