"""A loss accumulator initialised to 0 before the clear, the forwards after it.

Seen in pyg-team/pytorch_geometric examples/mem_pool.py (train): after a
first loop, `kl_loss = 0.` then `optimizer.zero_grad()`, then a loop over
the loader doing `kl_loss += model(...)[1]`, then `kl_loss /= n`,
`kl_loss.backward()`, `optimizer.step()`. Every forward runs after the clear,
so ZG104 does not apply. 97ffad4 reported ZG104 and named `kl_loss = 0.`
as "the forward pass". (In pytorch/examples reinforcement_learning/reinforce.py
it names `policy_loss = []` likewise; that report is true only because the
policy's forward ran earlier, in another function.)
"""
# expect: clean
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
loader = [torch.randn(8, 4) for _ in range(4)]

for epoch in range(5):
    kl_loss = 0.0
    optimizer.zero_grad()
    for x in loader:
        kl_loss += model(x).pow(2).mean()
    kl_loss /= len(loader)
    kl_loss.backward()
    optimizer.step()
