"""train.py's twin clearing before the process's `loss_terms(model, ...)` runs the model: clean."""
# expect: clean
import torch

from noising import build_process

model = torch.nn.Linear(4, 4)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
process = build_process(range(0, 1000, 10))
loader = [(torch.randn(2, 4), torch.tensor([0, 1])) for _ in range(3)]


def train(epochs):
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            t = torch.randint(0, 100, (x.shape[0],))
            terms = process.loss_terms(model, x, t, {"y": y})
            loss = terms["loss"].mean()
            loss.backward()
            optimizer.step()
