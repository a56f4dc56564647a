"""The clear of the next iteration is decided by a copy of the step's flag (rwth-i6/returnn's `train_epoch`:
`zero_grad_next_step = perform_update_step` at the end of each iteration, the clear under `if zero_grad_next_step:`
at the top of the next): after every step the next iteration clears, so nothing is applied twice. The copy is not
followed (the flag's atom is forgotten when it is rebound to another name's value), so a path stepping, then skipping
the clear, then stepping again is taken to exist: a false ZG101 at the step. Found by following returnn's
`Updater.step()` (round 7's scaler_handed_to_updater/, the precision2 session), where it gave two such false ZG101."""
# expect: clean
import torch


def train_epoch(model, loader, optimizer, accum):
    zero_grad_next_step = True
    count = 0
    for inputs, targets in loader:
        if zero_grad_next_step:
            optimizer.zero_grad()
            count = 0
        loss = torch.nn.functional.mse_loss(model(inputs), targets)
        (loss / accum).backward()
        count += 1
        perform_update_step = count >= accum
        if perform_update_step:
            optimizer.step()
        zero_grad_next_step = perform_update_step
