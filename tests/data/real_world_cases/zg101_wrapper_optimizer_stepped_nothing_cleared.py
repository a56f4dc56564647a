"""A wrapper optimizer stepped with nothing cleared.

The twin of wrapper_optimizer_stepped_its_held_optimizer_cleared.py without
the helper's clear: neither the wrapper nor the optimizer it holds is cleared,
so each step applies the gradients of every earlier batch (RULES.md ZG101).
"""
# expect: ZG101 37:9
import torch


def zero_optim_grads(optim):
    for group in optim.param_groups:
        for param in group["params"]:
            param.grad = None


class OptimizerWrapper:
    def __init__(self, optimizer, module):
        self._optimizer = optimizer(module.parameters())

    def step(self, **closure):
        self._optimizer.step(**closure)


class VPG:
    def __init__(self, policy):
        self.policy = policy
        self._policy_optimizer = OptimizerWrapper(torch.optim.Adam, policy)

    def train_once(self, batches):
        for obs, adv in batches:
            self._train_policy(obs, adv)

    def _train_policy(self, obs, adv):
        loss = -(self.policy(obs) * adv).mean()
        loss.backward()
        self._policy_optimizer.step()
        return loss
