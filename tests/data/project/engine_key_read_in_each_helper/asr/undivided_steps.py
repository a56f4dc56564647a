# expect: ZG501 15:9
"""The twin's helpers: the torch branch forgets to divide its loss by the accumulation steps (a true ZG501 at its
backward); the engine branch is as in steps.py and still never feeds the optimizer's step (the flag the torch branch
stores in the settings dict is another item than the back end both helpers read)."""


def backward(model, scaler, state):
    engine = state.get("engine", "torch")
    loss = state["loss"]
    if engine == "deepspeed":
        model.backward(loss)
    else:
        if state.get("clip", 0.0) > 0:
            state["clipped"] = True
        scaler.scale(loss).backward()
    return state


def update(model, optimizer, scheduler, scaler, state):
    engine = state.get("engine", "torch")
    accum = state.get("accum", 1)
    if engine == "deepspeed":
        model.step()
    elif (state["index"] + 1) % accum == 0:
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
        scheduler.step()
    return state
