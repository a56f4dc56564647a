"""Accumulation by summing the micro-batch losses into one tensor, backpropagated once per window;
a truncated BPTT whose hidden state is detached between chunks."""
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
window, total = 4, 0
for i in range(12):
    total = total + model(torch.randn(2, 3)).pow(2).mean() / window
    if (i + 1) % window == 0:
        total.backward()
        opt.step()
        opt.zero_grad()
        total = 0
rnn, head = nn.GRU(2, 4, batch_first=True), nn.Linear(4, 1)
opt2 = torch.optim.Adam(list(rnn.parameters()) + list(head.parameters()), lr=1e-3)
hidden = torch.zeros(1, 3, 4)
for chunk in range(5):
    opt2.zero_grad()
    out, hidden = rnn(torch.randn(3, 6, 2), hidden)
    loss = nn.functional.mse_loss(head(out[:, -1]), torch.randn(3, 1))
    loss.backward()
    opt2.step()
    hidden = hidden.detach()
