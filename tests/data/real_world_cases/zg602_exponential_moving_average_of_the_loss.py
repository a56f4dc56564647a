# expect: ZG602 16:9
"""An exponential moving average of the loss kept for early stopping, `ema = beta * ema + (1 - beta) * loss`: the old
value is weighted, not added as it is, but it still holds every earlier iteration's graph, chained one more node per
step, as `total += loss` does."""
import torch


def train(model, loader, lr=1e-3, beta=0.9, patience_loss=0.01):
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    ema = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        ema = beta * ema + (1.0 - beta) * loss
        if ema < patience_loss:
            break
    return ema
