"""A token counter grown by the model's configured context length, in a training loop a `main` calls.

Shape of a Fabric pretraining script: `main` builds the model under
`with fabric.device:`, an AdamW over `model.parameters()`, hands both to
`fabric.setup`, then calls `train(fabric, model, optimizer, ...)`. The loop
slices each batch to `model.config.block_size` tokens and adds
`micro_batch_size * model.config.block_size` to a token counter: a config
int, no tensor. The slice's bound is an index (no gradient flows into it), so
the model object is no part of the loss's graph (RULES.md ZG602: only tensors
computed from the model's output are kept values). The static branch at
08cc05e reported ZG602 at the counter once `train` was inlined with `model`
standing for `main`'s.
"""
# expect: clean
import lightning as L
import torch
from torch import nn

micro_batch_size = 4


class Config:
    block_size = 128


class TinyLM(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(256, 32)
        self.head = nn.Linear(32, 256)

    def forward(self, ids):
        return self.head(self.embed(ids))


def main(loader):
    fabric = L.Fabric(accelerator="cpu")
    with fabric.device:
        model = TinyLM(Config())
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    model, optimizer = fabric.setup(model, optimizer)
    train(fabric, model, optimizer, loader, 4)


def train(fabric, model, optimizer, loader, accumulation):
    tokens = 0
    for step, batch in enumerate(loader):
        inputs = batch[:, 0 : model.config.block_size].contiguous()
        targets = batch[:, 1 : model.config.block_size + 1].contiguous()
        logits = model(inputs)
        loss = nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
        fabric.backward(loss / accumulation)
        if (step + 1) % accumulation == 0:
            optimizer.step()
            optimizer.zero_grad()
        tokens += micro_batch_size * model.config.block_size
        fabric.print(f"step {step}: {tokens} tokens")
    return tokens
