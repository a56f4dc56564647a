# expect: ZG101 10:5
"""Step functions the loops of this tree bind with `functools.partial` and run: `forgetful_step` never clears
(checked alone, this module has no loop: silent)."""


def forgetful_step(batch, model, optimizer, scale=1.0):
    inputs, targets = batch
    loss = model(inputs, targets) * scale
    loss.backward()
    optimizer.step()


def clearing_step(batch, model, optimizer, scale=1.0):
    optimizer.zero_grad()
    inputs, targets = batch
    loss = model(inputs, targets) * scale
    loss.backward()
    optimizer.step()
