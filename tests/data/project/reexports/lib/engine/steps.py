# expect: ZG101 13:5
"""Two step functions, exported by `__all__` (the private helper is not): `forgetful_step` never clears. The
loops of this tree reach them through lib/__init__.py's re-export and lib/engine/__init__.py's star import."""

__all__ = ["forgetful_step", "clearing_step"]


def forgetful_step(model, optimizer, batch):
    inputs, targets = batch
    loss = model(inputs, targets)
    loss.backward()
    _log(loss)
    optimizer.step()


def clearing_step(model, optimizer, batch):
    optimizer.zero_grad()
    inputs, targets = batch
    loss = model(inputs, targets)
    loss.backward()
    optimizer.step()


def _log(loss):
    print(float(loss))
