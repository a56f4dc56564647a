# expect: ZG601 28:19
"""An epoch helper of a library (alan-turing-institute/deepsensor's deepsensor/train/train.py before "Add `Trainer`
class that tracks optimiser object", ba04343; issue 47): `train_epoch` takes an optional optimizer, `opt=None`, and
builds one for the backend in use when none is handed to it. The experiment's epoch loop (run_training.py) never hands
one, so every call builds a new Adam over the same model: its moments start empty every epoch (ZG601 at the torch
arm's construction). Missed for two causes: `if opt is None:` tests a parameter the call leaves at its default, which
ZG601 reads as a lazy, once-only construction (the parameter is assigned in the helper, so `naming_for` does not take
its default as a constant); and the backend's `if`/`elif` has a third arm that raises `NotImplementedError`, so the
construction is not on every path through the `if` (`rebuilt_optimizers.runs_every_iteration` asks both arms to build
it; the builder reads that `raise` as an abstract method's `return`). Each cause alone keeps it silent."""

import torch

BACKEND = "torch"


def train_epoch(model, tasks, lr=5e-5, opt=None):
    if BACKEND == "tf":
        import tensorflow as tf

        if opt is None:
            opt = tf.keras.optimizers.Adam(lr)
        raise NotImplementedError("the TF step is not part of this reduction")
    elif BACKEND == "torch":
        import torch.optim as optim

        if opt is None:
            opt = optim.Adam(model.parameters(), lr=lr)

        def train_step(task):
            opt.zero_grad()
            loss = model.loss_fn(task)
            loss.backward()
            opt.step()
            return loss.detach().cpu().numpy()

    else:
        raise NotImplementedError(f"Backend {BACKEND} not implemented")

    batch_losses = []
    for task in tasks:
        batch_losses.append(train_step(task))
    return batch_losses
