"""The step's loss summed into a running total as a tensor, for a printed average.

Seen in pyg-team/pytorch_geometric examples/equilibrium_median.py
(`total_loss += loss` after `loss.backward(); optimizer.step()`, printed as
`total_loss / n_loss` every few steps) and examples/rdl.py (`loss *=
pred.size(0); loss_accum += loss`, turned into a float only after the epoch).
`total_loss` outlives the iteration and keeps every iteration's autograd
graph alive (RULES.md ZG602, reported at the accumulating statement); the
running count next to it is a plain int.
"""
# expect: ZG602 26:5
import torch

model = torch.nn.Linear(8, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

total_loss = 0
n_loss = 0
for i in range(1, 1001):
    optimizer.zero_grad()
    x = torch.randn(64, 8)
    y = model(x)
    loss = (y - x.median()).norm(2) / 64
    loss.backward()
    optimizer.step()
    total_loss += loss
    n_loss += 1
    if i % 100 == 0:
        print(f"step {i}, loss {total_loss / n_loss:.6f}")
