"""The clear at the end of the iteration is skipped by a `continue` on bad batches."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
bad_batches = [True, False, False, True, False, False]
for i in range(6):
    x = torch.randn(4, 3)
    loss = model(x).pow(2).mean()
    loss.backward()
    if bad_batches[i]:
        continue
    opt.step()  # <- ZG101
    opt.zero_grad()
