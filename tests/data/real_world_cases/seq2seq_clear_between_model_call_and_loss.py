"""The model's forward runs, then the clear, then the loss is computed and backpropagated.

Seen in pytorch/examples language_translation/main.py (`logits = model(...)`,
then `optim.zero_grad()`, then `loss = loss_fn(logits..., tgt_out...)`,
`loss.backward()`, `optim.step()`). The clear runs after the forward pass and
before the backward, which is ZG104's pattern (opt-in; the test runs with
`--select ALL`). Up to 97ffad4 the linter only recognised the forward when
the backwarded name itself was assigned before the clear (fixed in 4ab1308).
"""
# expect: ZG104 21:5
import torch

model = torch.nn.Linear(4, 3)
optim = torch.optim.Adam(model.parameters(), lr=1e-4)
loss_fn = torch.nn.CrossEntropyLoss()
data = [(torch.randn(8, 4), torch.randint(0, 3, (8,)))] * 4

for src, tgt in data:
    logits = model(src)

    optim.zero_grad()

    loss = loss_fn(logits, tgt)
    loss.backward()
    optim.step()
