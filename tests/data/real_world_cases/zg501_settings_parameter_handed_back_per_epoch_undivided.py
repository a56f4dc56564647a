"""The twin of clean501_settings_parameter_handed_back_per_epoch.py whose torch branch forgets to divide the loss by
the accumulation steps: each epoch's call hands the batch loop `configs` itself, so its `state` takes the one back end
of the settings, and on the torch one the undivided backward accumulates for the step under the guard.

RULES.md ZG501, at the torch branch's backward.
"""
# expect: ZG501 16:9


def backward(model, state):
    engine = state.get("engine", "torch")
    loss = state["loss"]
    if engine == "deepspeed":
        model.backward(loss)
    else:
        loss.backward()
    return state


def update(model, optimizer, state):
    engine = state.get("engine", "torch")
    if engine == "deepspeed":
        model.step()
    elif (state["index"] + 1) % state["accum"] == 0:
        optimizer.step()
        optimizer.zero_grad()
    return state


def train(model, optimizer, loader, state):
    for index, batch in enumerate(loader):
        state["index"] = index
        state["loss"] = model(batch).mean()
        state = backward(model, state)
        state = update(model, optimizer, state)


def run(model, optimizer, loader, configs, epochs):
    for epoch in range(epochs):
        train(model, optimizer, loader, configs)
