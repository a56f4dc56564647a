# expect: ZG501 12:9
"""The twin's helpers: the torch branch forgets to divide its loss by the accumulation steps (a true ZG501 at its
backward); the DeepSpeed branch is as in steps.py."""


def backward(model, scaler, info_dict):
    engine = info_dict.get("engine", "torch")
    loss = info_dict["loss"]
    if engine == "deepspeed":
        model.backward(loss)
    else:
        scaler.scale(loss).backward()
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
