"""A batch retried after an out-of-memory error: the flag that sends the loop round is set only by the handler.

Modelled on mosaicml/composer composer/trainer/trainer.py `_train_batch`
(hand-off roles/scaler_step_per_optimizer_update_in_caller.py): `while True:`
with `found_oom = False`, a `try:` that unscales and steps, `except
RuntimeError: found_oom = True`, then `if found_oom: continue` and `return`.
The value set to a flag decides its later test: without an exception the
loop returns, so no path unscales again after the step (RULES.md ZG403,
correlated conditions), and a path through the handler is no evidence of a
second unscale. The second helper goes round after its step on a counter of
attempts, and its loop never updates the scaler: that second pass unscales
again with no `update()` between, the missing update's consequence (one cause,
one report: ZG404 on the step, not also ZG403 on the unscale).
"""
# expect: ZG404 42:9
import torch


def step_with_retry(model, batch, optimizer, scaler):
    while True:
        found_oom = False
        try:
            optimizer.zero_grad()
            scaler.scale(model(batch).mean()).backward()
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(optimizer)
        except RuntimeError:
            found_oom = True
        if found_oom:
            batch = batch[: len(batch) // 2]
            continue
        return


def step_twice(model, batch, optimizer, scaler):
    tries = 0
    while True:
        optimizer.zero_grad()
        scaler.scale(model(batch).mean()).backward()
        scaler.unscale_(optimizer)
        scaler.step(optimizer)
        tries += 1
        if tries < 2:
            continue
        return


def train(model, loader, optimizer, scaler):
    for batch in loader:
        step_with_retry(model, batch, optimizer, scaler)
        scaler.update()
