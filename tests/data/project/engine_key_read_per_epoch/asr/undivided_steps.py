# expect: ZG501 14:9
"""The twin's helpers: the torch branch forgets to divide its loss by the accumulation steps (a true ZG501 at its
backward, whichever back end the epochs before read); the DeepSpeed branch is as in steps.py."""


def backward(model, scaler, state):
    engine = state.get("engine", "torch")
    accum = state.get("accum", 1)
    loss = state["loss"]
    if engine == "deepspeed":
        model.backward(loss)
    else:
        # the loss of one micro-batch, undivided
        scaler.scale(loss).backward()
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
