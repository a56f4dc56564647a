"""The epoch loop hands the run's settings dict (never assigned in the loop) to the batch loop, whose helpers each read
the back end from it and hand it back (`state = backward(model, state)`): every epoch takes the one back end of
`configs`, so the DeepSpeed backward (which divides the loss by the accumulation steps itself) of one epoch never meets
the torch step of the next (wenet's executor run once per epoch, its settings handed down).

RULES.md, "Correlated conditions" (loop invariant): clean. The batch loop's parameter `state`, which its body assigns,
is keyed as its own local; bound at each call to `configs`, it holds a copy of the settings there
(`Builder.copied_arguments`), whose tests agree with those of `configs`, never assigned in the epoch loop. Twins:
zg501_settings_parameter_handed_back_per_epoch_undivided.py (the torch branch forgets the division) and
zg501_settings_parameter_handed_back_per_epoch_reloaded.py (the epoch loop reads the settings again).
"""
# expect: clean


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


def run(model, optimizer, loader, configs, epochs):
    for epoch in range(epochs):
        train(model, optimizer, loader, configs)
