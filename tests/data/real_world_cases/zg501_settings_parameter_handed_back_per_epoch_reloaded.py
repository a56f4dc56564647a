"""The twin of clean501_settings_parameter_handed_back_per_epoch.py whose epoch loop reads the settings again before
each call (`configs = load_settings(epoch)`): each epoch's `state` may name another back end, so the DeepSpeed backward
of one epoch may meet the torch step of the next, and the engine's backward is not divided by `state["accum"]`.

RULES.md ZG501, at the engine's backward ("Correlated conditions": a test whose names the loop rebinds agrees with no
earlier one).
"""
# expect: ZG501 15:9


def backward(model, state):
    engine = state.get("engine", "torch")
    loss = state["loss"]
    if engine == "deepspeed":
        model.backward(loss)
    else:
        (loss / state["accum"]).backward()
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


def run(model, optimizer, loader, load_settings, epochs):
    for epoch in range(epochs):
        configs = load_settings(epoch)
        train(model, optimizer, loader, configs)
