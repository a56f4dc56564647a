# expect: clean
"""The step helpers: each reads the back end from the settings dict it is handed and hands the dict back. With DeepSpeed
the engine's backward divides the loss by the accumulation steps itself and its `step()` is the whole update; otherwise
the loss is divided here and the optimizer steps under the accumulation guard."""


def backward(model, scaler, info_dict):
    engine = info_dict.get("engine", "torch")
    loss = info_dict["loss"]
    if engine == "deepspeed":
        model.backward(loss)
    else:
        scaler.scale(loss / info_dict["accum"]).backward()
    return info_dict


def update(model, optimizer, scaler, info_dict):
    engine = info_dict.get("engine", "torch")
    if engine == "deepspeed":
        model.step()
    elif (info_dict["index"] + 1) % info_dict["accum"] == 0:
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
    return info_dict
