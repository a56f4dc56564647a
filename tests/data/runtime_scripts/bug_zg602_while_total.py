"""`total_loss = total_loss + loss` in a while loop over a data iterator."""
import torch


def train(model, optimizer, data):
    total_loss, steps = 0, 0
    it = iter(data)
    while True:
        try:
            x = next(it)
        except StopIteration:
            break
        optimizer.zero_grad()
        loss = model(x).pow(2).mean()
        loss.backward()
        optimizer.step()
        total_loss = total_loss + loss  # <- ZG602
        steps += 1
    return total_loss / steps


if __name__ == "__main__":
    torch.manual_seed(0)
    model = torch.nn.Linear(3, 2)
    print(train(model, torch.optim.Adam(model.parameters()), [torch.randn(4, 3) for _ in range(8)]).item())
