# expect: clean
"""A language model accumulating `grad_acc_steps` micro-batches per step, with a probe every `probe_freq` steps: a
fake forward and backward on a smaller batch whose gradients the clear right after it throws away. The probe runs only
at the first micro-batch of a window (`acc_step == 1 % grad_acc_steps`, the step having cleared at the end of the
previous iteration), and asserts that no gradient is there yet: on a path where the model's gradients held the window's
micro-batches the program would stop at the assertion, so the clear throws away only the probe's own gradients, which
no step ever applies (lingua's apps/*/train.py)."""

import torch

from state import TrainState, build_optimizer, every_n_steps


def train(model, batches, steps, grad_acc_steps, probe_freq):
    optimizer, scheduler = build_optimizer(model, 3e-4, steps)
    state = TrainState(step=0, acc_step=0)
    while state.step < steps:
        state.acc_step += 1
        state.acc_step = state.acc_step % grad_acc_steps
        input_ids, labels = next(batches)
        if probe_freq is not None and every_n_steps(state, probe_freq, acc_step=1 % grad_acc_steps):
            assert next(model.parameters()).grad is None, "Can't probe model if grads are not reset"
            probe_loss = model(input_ids[:1], labels[:1])
            probe_loss.backward()
            optimizer.zero_grad()
        loss = model(input_ids, labels)
        loss = loss / grad_acc_steps
        loss.backward()
        if state.acc_step == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
            state.step += 1
