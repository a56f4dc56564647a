# expect: clean
"""The twin of `zg602_exponential_moving_average_of_the_loss.py`: the moving average is taken of the loss's number
(`loss.item()`), which holds no graph."""
import torch


def train(model, loader, lr=1e-3, beta=0.9, patience_loss=0.01):
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    ema = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        ema = beta * ema + (1.0 - beta) * loss.item()
        if ema < patience_loss:
            break
    return ema
