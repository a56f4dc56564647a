# expect: ZG101 9:5
"""Step functions the loops of this tree hand to a runner: `forgetful_step` never clears."""


def forgetful_step(model, optimizer, batch):
    inputs, targets = batch
    loss = model(inputs, targets)
    loss.backward()
    optimizer.step()


def clearing_step(model, optimizer, batch):
    optimizer.zero_grad()
    inputs, targets = batch
    loss = model(inputs, targets)
    loss.backward()
    optimizer.step()
