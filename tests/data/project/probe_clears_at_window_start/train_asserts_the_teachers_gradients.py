# expect: ZG105 21:13
"""train.py's twin asserting that the frozen teacher's parameters have no gradient, not the model's: nothing says the
window's micro-batches are not in the model's gradients when the probe runs, and its clear throws them away."""

import torch

from state import TrainState, build_optimizer, every_n_steps


def train(model, teacher, batches, steps, grad_acc_steps, probe_freq):
    optimizer, scheduler = build_optimizer(model, 3e-4, steps)
    state = TrainState(step=0, acc_step=0)
    while state.step < steps:
        state.acc_step += 1
        state.acc_step = state.acc_step % grad_acc_steps
        input_ids, labels = next(batches)
        if probe_freq is not None and every_n_steps(state, probe_freq):
            assert next(teacher.parameters()).grad is None
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
