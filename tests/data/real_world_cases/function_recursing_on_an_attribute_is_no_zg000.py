"""A function of the file that calls itself on an attribute of what it is given (modelled on a test module of a
trainer library that a branch of the engine reported as ZG000 "nested too deeply"): whether `state.inner` is the
element of a mapping whose attributes are its keys (a Munch) is asked of what `unwrap` returns as written, never by
binding its parameters to the call's arguments in turn. The loop clears after its step: nothing to report."""
# expect: clean
import torch


def unwrap(state):
    return unwrap(state.inner)


def train(model, loader, state):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for batch in loader:
        state = unwrap(state.inner)
        loss = model(batch).mean() * state.scale
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
