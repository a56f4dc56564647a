# expect: clean
"""One optimisation step under Accelerate's accumulation: the loss it hands back is the tensor it backpropagated."""


def train_step(accelerator, model, batch, optimizer, lr_scheduler):
    with accelerator.accumulate(model):
        outputs = model(**batch)
        loss = outputs.loss
        accelerator.backward(loss)
        if accelerator.sync_gradients:
            accelerator.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        lr_scheduler.step()
        optimizer.zero_grad()
    return loss
