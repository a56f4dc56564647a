"""The clear of the next iteration decided by a copy of the step's flag taken too early (the twin of
clean101_update_flag_copied_to_the_next_clear.py, after rwth-i6/returnn's `train_epoch`): `clear_next =
did_update` runs before this iteration sets `did_update`, so the next iteration clears only when the one before
this one stepped. With two micro-batches per update, the third iteration skips the clear after the second one's
step and steps again: the gradients already applied are applied a second time (ZG101 at the step)."""
# expect: ZG101 24:13
import torch


def train_epoch(model, loader, optimizer, accum):
    clear_next = True
    did_update = False
    count = 0
    for inputs, targets in loader:
        if clear_next:
            optimizer.zero_grad()
            count = 0
        loss = torch.nn.functional.mse_loss(model(inputs), targets)
        (loss / accum).backward()
        count += 1
        clear_next = did_update
        did_update = count >= accum
        if did_update:
            optimizer.step()
