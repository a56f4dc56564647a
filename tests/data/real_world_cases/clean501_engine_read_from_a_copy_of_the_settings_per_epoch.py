"""Each epoch copies the run's settings (`state = dict(configs)`, `configs` never assigned in the epoch loop) and its
batches read the back end from the copy twice: with DeepSpeed the engine's backward divides the loss by the
accumulation steps itself and its `step()` is the whole update; otherwise the loss is divided here (wenet's executor,
its settings copied once per epoch).

Every epoch's copy holds the one back end of `configs`, so the DeepSpeed backward of one epoch never meets the torch
step of the next: RULES.md, "Correlated conditions" (loop invariant), clean.
"""
# expect: clean
import torch


def main(model, loader, configs):
    optimizer = torch.optim.Adam(model.parameters(), lr=configs["lr"])
    scaler = torch.amp.GradScaler()
    accum = configs.get("accum", 1)
    for epoch in range(configs["epochs"]):
        state = dict(configs)
        for index, batch in enumerate(loader):
            loss = model(batch)
            if state.get("engine", "torch") == "deepspeed":
                model.backward(loss)
            else:
                scaler.scale(loss / accum).backward()
            if state.get("engine", "torch") == "deepspeed":
                model.step()
            elif (index + 1) % accum == 0:
                scaler.step(optimizer)
                scaler.update()
                optimizer.zero_grad()
