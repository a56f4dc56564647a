"""The loss summed beside the token counter, in a training loop a `main` calls.

The twin of `clean602_token_count_from_model_config_in_inlined_loop.py`: the
same Fabric trainer, slicing each batch to `model.config.block_size` tokens,
also adds the scaled loss itself to a running total it returns. That total
keeps every step's autograd graph alive (RULES.md ZG602), while the token
counter beside it, a config int, is not reported.
"""
# expect: ZG602 53:9
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
    running = 0.0
    for step, batch in enumerate(loader):
        inputs = batch[:, 0 : model.config.block_size].contiguous()
        targets = batch[:, 1 : model.config.block_size + 1].contiguous()
        logits = model(inputs)
        loss = nn.functional.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
        fabric.backward(loss / accumulation)
        if (step + 1) % accumulation == 0:
            optimizer.step()
            optimizer.zero_grad()
        running += loss / accumulation
        tokens += micro_batch_size * model.config.block_size
        fabric.print(f"step {step}: {tokens} tokens")
    return tokens, running
