# expect: clean
"""One DeepSpeed step: the engine's backward and step (self-managed: the step clears, so a loop running it is a
training loop); the loss handed back still carries its graph."""


def train_step(model_engine, batch, criterion):
    inputs, labels = batch
    inputs = inputs.to(model_engine.local_rank)
    labels = labels.to(model_engine.local_rank)
    outputs = model_engine(inputs)
    loss = criterion(outputs, labels)
    model_engine.backward(loss)
    model_engine.step()
    return loss
