# expect: clean
"""The same loss under `accelerator.accumulate`, which scales it by itself; only its value is kept."""

from training.losses import compute_losses


def train(accelerator, model, optimizer, lr_scheduler, loader, epochs):
    history = []
    for epoch in range(epochs):
        for batch in loader:
            with accelerator.accumulate(model):
                out = compute_losses(model, batch)
                accelerator.backward(out["loss"])
                if accelerator.sync_gradients:
                    accelerator.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()
                lr_scheduler.step()
                optimizer.zero_grad()
            history.append(out["mse"])
    return history
