"""Two heads, two optimizers, a shared trunk: backward with retain_graph, each optimizer cleared once;
a torch.autograd.backward over a list of losses; the best loss kept as one tensor."""
import torch
from torch import nn

torch.manual_seed(0)
trunk = nn.Linear(5, 8)
head_a, head_b = nn.Linear(8, 1), nn.Linear(8, 3)
opt_a = torch.optim.Adam(list(trunk.parameters()) + list(head_a.parameters()), lr=1e-3)
opt_b = torch.optim.Adam(head_b.parameters(), lr=1e-3)
best = None
for step in range(6):
    opt_a.zero_grad()
    opt_b.zero_grad()
    h = torch.relu(trunk(torch.randn(4, 5)))
    loss_a = head_a(h).pow(2).mean()
    loss_b = nn.functional.cross_entropy(head_b(h.detach()), torch.randint(0, 3, (4,)))
    loss_a.backward(retain_graph=True)
    loss_b.backward()
    opt_a.step()
    opt_b.step()
    if best is None or loss_a < best:
        best = loss_a
for step in range(3):
    opt_a.zero_grad()
    opt_b.zero_grad()
    h = torch.relu(trunk(torch.randn(4, 5)))
    torch.autograd.backward([head_a(h).sum(), head_b(h).sum()])
    opt_a.step()
    opt_b.step()
