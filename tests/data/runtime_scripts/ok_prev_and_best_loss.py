"""The previous and the best loss kept as tensors (one graph each), compared every step."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
best_loss, prev_loss, patience = None, None, 0
for step in range(8):
    optimizer.zero_grad()
    loss = model(torch.randn(4, 3)).pow(2).mean()
    loss.backward()
    optimizer.step()
    if best_loss is None or loss < best_loss:
        best_loss = loss
    if prev_loss is not None and loss > prev_loss:
        patience += 1
    prev_loss = loss
