"""The model's configured context length handed to the model itself, and added to a token counter.

A variant of `clean602_token_count_from_model_config_in_inlined_loop.py`:
the forward also takes `limit=model.config.block_size`, so the model object
is read on the way to the loss. The model is still no tensor computed from
its output: what it is bound to (`fabric.setup(model, optimizer)`, the AdamW
over `model.parameters()`) runs no forward (RULES.md ZG602), and the counter
of config ints is not reported. The static branch at 08cc05e reported ZG602
at the counter.
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

    def forward(self, ids, limit=None):
        return self.head(self.embed(ids[:, :limit]))


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
        logits = model(inputs, limit=model.config.block_size)
        loss = nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
        fabric.backward(loss / accumulation)
        if (step + 1) % accumulation == 0:
            optimizer.step()
            optimizer.zero_grad()
        tokens += micro_batch_size * model.config.block_size
        fabric.print(f"step {step}: {tokens} tokens")
    return tokens
