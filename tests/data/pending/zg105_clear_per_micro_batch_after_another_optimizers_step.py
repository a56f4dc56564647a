# expect: ZG105 31:13
"""DARTS's search loop for its language model (quark0/darts rnn/train_search.py:213), in one file: each batch clears
the network's optimizer, then a loop over micro-batches runs the architecture's own step (clear, the validation loss's
backward through the network, step of its Adam over the architecture's parameters), clears the network's optimizer
again and backpropagates the micro-batch's share of the training loss; the network's step follows that loop. The clear
in the micro-batch loop throws away the micro-batches before the last (its `--small_batch_size` help promises
accumulation; the code's comment says it assumes one micro-batch). Missed: the micro-batch loop steps the
architecture's optimizer, so it is a training loop of its own (`locations.body_where`), and ZG105 asks only of a loop
with backwards and no step. What it needs: the micro-batch loop of an optimizer read per optimizer (a loop that does
not step this one, as `GradientDomain.iterated` reads its passes)."""
import torch


class Architect:
    def __init__(self, model, arch_parameters):
        self.model = model
        self.optimizer = torch.optim.Adam(arch_parameters, lr=3e-3)

    def step(self, inputs, targets):
        self.optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(self.model(inputs), targets)
        loss.backward()
        self.optimizer.step()


def train(model, architect, optimizer, loader, micro_batches):
    for inputs, targets in loader:
        optimizer.zero_grad()
        for chunk, chunk_targets in zip(inputs.chunk(micro_batches), targets.chunk(micro_batches)):
            architect.step(chunk, chunk_targets)
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(chunk), chunk_targets) / micro_batches
            loss.backward()
        optimizer.step()


model = torch.nn.Linear(4, 3)
alphas = torch.zeros(3, requires_grad=True)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train(model, Architect(model, [alphas]), optimizer, [], 2)
