# expect: ZG105 20:13
"""train.py's twin with the probe at every micro-batch of a probed step (no `acc_step` test, no assertion): its clear
throws away the micro-batches the window accumulated so far, and that step sees only the last ones."""

import torch

from state import TrainState, build_optimizer, every_n_steps


def train(model, batches, steps, grad_acc_steps, probe_freq):
    optimizer, scheduler = build_optimizer(model, 3e-4, steps)
    state = TrainState(step=0, acc_step=0)
    while state.step < steps:
        state.acc_step += 1
        state.acc_step = state.acc_step % grad_acc_steps
        input_ids, labels = next(batches)
        if probe_freq is not None and every_n_steps(state, probe_freq):
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
