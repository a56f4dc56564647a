# expect: clean
"""DARTS's search loop (quark0/darts rnn/train_search.py), in one file: each batch clears the network's optimizer once,
then a loop over micro-batches runs the architecture's own step (clear, backward, step of its Adam over the
architecture's parameters) and backpropagates the network's loss of the micro-batch; the network's step follows that
loop. The micro-batch loop is a training loop of the architecture's optimizer, but for the network's it is
accumulation: its passes are micro-batches of one step, so the network's step applies this batch's gradients."""

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
        optimizer.zero_grad()
        for chunk, chunk_targets in zip(inputs.chunk(micro_batches), targets.chunk(micro_batches)):
            architect.step(chunk, chunk_targets)
            loss = torch.nn.functional.cross_entropy(model(chunk), chunk_targets) / micro_batches
            loss.backward()
        optimizer.step()


model = torch.nn.Linear(4, 3)
alphas = torch.zeros(3, requires_grad=True)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train(model, Architect(model, [alphas]), optimizer, [], 2)
