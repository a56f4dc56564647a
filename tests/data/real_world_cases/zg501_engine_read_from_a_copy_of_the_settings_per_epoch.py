"""The twin of clean501_engine_read_from_a_copy_of_the_settings_per_epoch.py whose torch branch forgets to divide
the loss by the accumulation steps: each epoch's copy of the settings takes the one back end of `configs`, and on
the torch one the undivided backward accumulates for the step under the guard.

RULES.md ZG501, at the torch branch's backward.
"""
# expect: ZG501 23:17
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
                # the loss of one micro-batch, undivided
                scaler.scale(loss).backward()
            if state.get("engine", "torch") == "deepspeed":
                model.step()
            elif (index + 1) % accum == 0:
                scaler.step(optimizer)
                scaler.update()
                optimizer.zero_grad()
