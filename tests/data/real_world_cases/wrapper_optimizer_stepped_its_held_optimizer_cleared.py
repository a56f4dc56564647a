"""A wrapper optimizer stepped, the optimizer it holds cleared.

The shape of an RL library's policy-gradient algorithm: `OptimizerWrapper`
builds the torch optimizer and keeps it as `self._optimizer`, its `step`
steps that one; `_train_policy` clears through the helper
`zero_optim_grads(self._policy_optimizer._optimizer)` (each parameter's
`grad = None`), then backpropagates and steps the wrapper. The optimizer a
wrapper holds is maybe the wrapper's own parameters: the clear's coverage of
the wrapper is unknown, and unknown never makes a report (RULES.md, Clear).
"""
# expect: clean
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
        zero_optim_grads(self._policy_optimizer._optimizer)
        loss = -(self.policy(obs) * adv).mean()
        loss.backward()
        self._policy_optimizer.step()
        return loss
