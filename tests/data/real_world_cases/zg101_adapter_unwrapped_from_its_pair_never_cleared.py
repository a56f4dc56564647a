"""The twin of `clean_adapter_unwrapped_from_its_pair_is_no_zg000.py` that never clears: the adapter's role, asked
through the cycle of the pair's construction, ends unknown without losing the loop, whose step applies every earlier
batch's gradients: ZG101.
"""
# expect: ZG101 39:9
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
        loss = pair(batch).mean()
        loss.backward()
        optimizer.step()
    adapter = unwrap(pair.adapter)
    torch.save(adapter.state_dict(), "adapter.pt")
