"""`unscale_` made idempotent by testing the scaler's per-optimizer stage.

Shape of trainers that clip in a hook that may run after an earlier unscale
(several detection and speech trainers): `if
scaler._per_optimizer_states[id(optimizer)]["stage"] is not OptState.UNSCALED:
scaler.unscale_(optimizer)` before clipping, in a helper that can run twice in
one step. The test is a guard against a second unscale (issue 10 shape 8), and
the clip after it always sees unscaled gradients (no ZG403, no ZG401).
"""
# expect: clean
import torch
from torch.amp.grad_scaler import OptState


def clip_gradients(model, optimizer, scaler, max_norm):
    if scaler._per_optimizer_states[id(optimizer)]["stage"] is not OptState.UNSCALED:
        scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)


def train(model, loader, max_norm=1.0):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu")
    for batch in loader:
        optimizer.zero_grad()
        scaler.scale(model(batch).pow(2).mean()).backward()
        clip_gradients(model, optimizer, scaler, max_norm)
        clip_gradients(model, optimizer, scaler, max_norm / 2)
        scaler.step(optimizer)
        scaler.update()
