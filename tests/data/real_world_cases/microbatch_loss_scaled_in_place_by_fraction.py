"""Micro-batch losses scaled in place by their share of the batch before the backward.

Seen in mosaicml/composer composer/trainer/trainer.py (_train_microbatch):
`if use_grad_scaling: microbatch_loss = self.state.scaler.scale(
microbatch_loss)`, then `microbatch_loss.mul_(microbatch_size /
current_batch_size)` and `microbatch_loss.backward()`, for each micro-batch
of the batch, one step after them. Multiplying by the micro-batch's fraction
of the batch is the division by the number of micro-batches that RULES.md
ZG501 asks for (`loss * (1 / n)`), written in place.
"""
# expect: clean
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [torch.randn(32, 4) for _ in range(8)]

for batch in batches:
    optimizer.zero_grad()
    microbatches = batch.split(8)
    current_batch_size = batch.shape[0]
    for micro in microbatches:
        microbatch_loss = model(micro).pow(2).mean()
        microbatch_loss.mul_(micro.shape[0] / current_batch_size)
        microbatch_loss.backward()
    optimizer.step()
