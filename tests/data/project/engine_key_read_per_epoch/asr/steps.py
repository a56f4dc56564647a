# expect: clean
"""The step helpers: each reads the back end from the run's settings dict. With DeepSpeed the engine's backward
divides the loss by the accumulation steps itself and its `step()` is the whole update; otherwise the loss is divided
here and the optimizer steps under the accumulation guard."""


def backward(model, scaler, state):
    engine = state.get("engine", "torch")
    accum = state.get("accum", 1)
    loss = state["loss"]
    if engine == "deepspeed":
        model.backward(loss)
    else:
        scaler.scale(loss / accum).backward()
    return state


def update(model, optimizer, scheduler, scaler, state):
    engine = state.get("engine", "torch")
    accum = state.get("accum", 1)
    if engine == "deepspeed":
        model.step()
    elif (state["index"] + 1) % accum == 0:
        scaler.unscale_(optimizer)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
        scheduler.step()
    return state
