"""The loss comes from the process's `loss_terms(model, ...)`, whose override hands the model on to the base's
`super().loss_terms(...)`, where it runs; the clear sits between that forward and the backward (RULES.md ZG104,
opt-in). Modelled on facebookresearch/DiT's train.py and diffusion/respace.py (twenty-seventh session)."""
# expect: ZG104 21:13
import torch

from noising import build_process

model = torch.nn.Linear(4, 4)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
process = build_process(range(0, 1000, 10))
loader = [(torch.randn(2, 4), torch.tensor([0, 1])) for _ in range(3)]


def train(epochs):
    for epoch in range(epochs):
        for x, y in loader:
            t = torch.randint(0, 100, (x.shape[0],))
            terms = process.loss_terms(model, x, t, {"y": y})
            loss = terms["loss"].mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
