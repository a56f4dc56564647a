"""Accumulation by a token budget: step and clear once enough tokens were seen, the counter reset there."""
import torch


def train(model, loader, optimizer, budget=40):
    tokens = 0
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y, reduction="sum") / budget
        loss.backward()
        tokens += y.numel()
        if tokens >= budget:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()
            tokens = 0


if __name__ == "__main__":
    torch.manual_seed(0)
    model = torch.nn.Linear(5, 3)
    loader = [(torch.randn(n, 5), torch.randint(0, 3, (n,))) for n in (12, 9, 15, 11, 10, 13, 8, 14)]
    train(model, loader, torch.optim.SGD(model.parameters(), lr=0.01))
