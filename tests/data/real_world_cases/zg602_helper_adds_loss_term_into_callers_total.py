"""The loss helper of clean602_helper_local_bound_on_some_paths_per_call.py adds its distillation term into a total
its caller hands it and takes back (`loss, flat_total = self._forward_loss(inputs, targets, flat_total)`): the
caller's local carries each iteration's graph into the next.

RULES.md ZG602: reported at `flat_total += flat` (a parameter holds what the call hands it, the caller's total); the
helper's own `loss += flat` is not (each call's `loss` starts unbound). Twin of the clean case (the twenty-seventh
session, fp15).
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

    def _forward_loss(self, inputs, targets, flat_total):
        logits = self._network(inputs)
        if self._nca:
            loss = nca_loss(logits, targets)
        elif self._softmax_ce:
            loss = F.cross_entropy(logits, targets)
        if self._old_model is not None:
            flat = (logits - self._old_model(inputs)).pow(2).mean()
            loss += flat
            flat_total += flat
        return loss, flat_total

    def train(self, loader):
        flat_total = 0.0
        for inputs, targets in loader:
            self._optimizer.zero_grad()
            loss, flat_total = self._forward_loss(inputs, targets, flat_total)
            loss.backward()
            self._optimizer.step()
        return flat_total
