"""The same flag guards an optimizer's clear and, later in the iteration, its step.

The plain-PyTorch core of huggingface/diffusers examples/vqgan/train_vqgan.py
(and of pytorch-image-models train.py's `need_update`): a flag computed once
per iteration selects which optimizer is cleared at the top and, further down
under `if flag:` / `else:` again, which one runs backward and step. On every
feasible path the optimizer that steps was cleared in the same iteration,
so RULES.md ZG101 does not apply; the report needs the two tests of the same
unchanged variable to be correlated.
"""
# expect: clean
import torch

model = torch.nn.Linear(4, 4)
disc = torch.nn.Linear(4, 1)
opt_g = torch.optim.Adam(model.parameters(), lr=1e-4)
opt_d = torch.optim.Adam(disc.parameters(), lr=1e-4)

for i, batch in enumerate([torch.randn(8, 4)] * 8):
    generator_turn = i % 2 == 0
    if generator_turn:
        opt_g.zero_grad()
    else:
        opt_d.zero_grad()
    fake = model(batch)
    if generator_turn:
        loss = -disc(fake).mean()
        loss.backward()
        opt_g.step()
    else:
        loss = torch.relu(1 + disc(fake.detach())).mean()
        loss.backward()
        opt_d.step()
