"""train.py with the process whose override calls `super(LegacyRespacedProcess, self).loss_terms(...)`, handing on the
model with the steps remapped: the base's `loss_terms` calls it, so the clear sits after the forward (ZG104)."""
# expect: ZG104 20:13
import torch

from noising.legacy import LegacyRespacedProcess

model = torch.nn.Linear(4, 4)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
process = LegacyRespacedProcess(kept=range(0, 1000, 10), scale=0.5)
loader = [(torch.randn(2, 4), torch.tensor([0, 1])) for _ in range(3)]


def train(epochs):
    for epoch in range(epochs):
        for x, y in loader:
            t = torch.randint(0, 100, (x.shape[0],))
            terms = process.loss_terms(model, x, t, {"y": y})
            loss = terms["loss"].mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
