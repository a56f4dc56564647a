# expect: ZG101 27:9
"""The twin of clean101_step_after_a_micro_batch_loop_that_steps_another_optimizer.py without the network's clear:
the micro-batch loop is still accumulation for the network's optimizer, but nothing clears its gradients between
batches, so each step applies the sum over every batch so far (the outer loop's passes are its iterations)."""

import torch


class Architect:
    def __init__(self, model, arch_parameters):
        self.model = model
        self.optimizer = torch.optim.Adam(arch_parameters, lr=3e-3)

    def step(self, inputs, targets):
        self.optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(self.model(inputs), targets)
        loss.backward(inputs=list(self.optimizer.param_groups[0]["params"]))
        self.optimizer.step()


def train(model, architect, optimizer, loader, micro_batches):
    for inputs, targets in loader:
        for chunk, chunk_targets in zip(inputs.chunk(micro_batches), targets.chunk(micro_batches)):
            architect.step(chunk, chunk_targets)
            loss = torch.nn.functional.cross_entropy(model(chunk), chunk_targets) / micro_batches
            loss.backward()
        optimizer.step()


model = torch.nn.Linear(4, 3)
alphas = torch.zeros(3, requires_grad=True)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train(model, Architect(model, [alphas]), optimizer, [], 2)
