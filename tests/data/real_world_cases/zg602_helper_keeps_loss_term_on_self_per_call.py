"""The loss helper of clean602_helper_local_bound_on_some_paths_per_call.py keeps its distillation term on `self`
(`self._metrics["flat"] += flat`, without `.item()`): the metric's entry outlives the call, and each iteration adds
that iteration's graph to it.

RULES.md ZG602: reported at the metric's accumulation; the helper's own `loss += flat` is not (each call's `loss`
starts unbound: nothing of an earlier call is in it). Twin of the clean case (the twenty-seventh session, fp15).
"""
# expect: ZG602 31:13
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
            self._metrics["flat"] += flat
        return loss

    def train(self, loader):
        for inputs, targets in loader:
            self._optimizer.zero_grad()
            loss = self._forward_loss(inputs, targets)
            loss.backward()
            self._optimizer.step()
