# expect: ZG101 16:9
"""A project's update helper named `step` (my-kaggle-template's src/engine.py before its fix): each call backpropagates,
and every `accum_steps` calls clips and steps, but nothing ever clears, so each update applies again every gradient
already applied. train.py's loop calls it as `engine.step(...)`: a function of an imported module of the project,
followed as any other (`step` names no optimizer there). The twin cleared_engine.py clears after its step."""

import torch


def step(it, model, optimizer, loss, accum_steps, max_norm):
    loss = loss / accum_steps
    loss.backward()
    if (it + 1) % accum_steps == 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        # the report: no clear after this step, nor anywhere in the loop that calls `step`
        optimizer.step()
