"""A model pair built over an adapter, the adapter read back from the pair after training.

Modelled on huggingface/diffusers examples/research_projects/pixart/train_pixart_controlnet_hf.py (its ZG000 "nested
too deeply" on the thirtieth session's merge): `pair = Pair(base, adapter)` hands `adapter` to `__init__`, which binds
`self.adapter` to it, and after the loop `adapter = unwrap(pair.adapter)` binds the adapter again to what a helper
returns of the pair's attribute. Asking the adapter's role reads that return, whose key is what the construction
handed the pair, `adapter` again: a cycle, which must end unknown. The loop clears, backpropagates and steps.
"""
# expect: clean
import torch


class Adapter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(4, 4)

    def forward(self, x):
        return self.proj(x)


class Pair(torch.nn.Module):
    def __init__(self, base, adapter):
        super().__init__()
        self.base = base
        self.adapter = adapter

    def forward(self, x):
        return self.base(x) + self.adapter(x)


def unwrap(model):
    return model


def main(base, loader):
    adapter = Adapter()
    pair = Pair(base, adapter)
    optimizer = torch.optim.AdamW(pair.adapter.parameters(), lr=1e-4)
    for batch in loader:
        optimizer.zero_grad()
        loss = pair(batch).mean()
        loss.backward()
        optimizer.step()
    adapter = unwrap(pair.adapter)
    torch.save(adapter.state_dict(), "adapter.pt")
