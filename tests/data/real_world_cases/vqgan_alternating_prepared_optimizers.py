"""Generator and discriminator alternate; each optimizer is cleared at the top of its turn.

Seen in huggingface/diffusers examples/vqgan/train_vqgan.py: `generator_step`
is computed from the batch index; at the top of the iteration
`if generator_step: optimizer.zero_grad()` else `discr_optimizer.zero_grad()`;
later, under the same `if generator_step:` / `else:`, each one does its
backward and step inside `with accelerator.accumulate(...)`. Both optimizers
come from `accelerator.prepare`. On every path the optimizer that steps was
cleared earlier in the same iteration (same condition), and prepared
optimizers' clears are skipped by Accelerate on accumulation steps, so there
is neither ZG101 nor ZG105.
"""
# expect: clean
import torch
from accelerate import Accelerator

accelerator = Accelerator(gradient_accumulation_steps=2)
model = torch.nn.Linear(4, 4)
discriminator = torch.nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
discr_optimizer = torch.optim.Adam(discriminator.parameters(), lr=1e-4)
loader = torch.utils.data.DataLoader(torch.randn(64, 4), batch_size=8)
model, discriminator, optimizer, discr_optimizer, loader = accelerator.prepare(
    model, discriminator, optimizer, discr_optimizer, loader
)

for i, batch in enumerate(loader):
    generator_step = ((i // 2) % 2) == 0
    if generator_step:
        optimizer.zero_grad(set_to_none=True)
    else:
        discr_optimizer.zero_grad(set_to_none=True)
    fmap = model(batch)
    if generator_step:
        with accelerator.accumulate(model):
            loss = fmap.pow(2).mean() - discriminator(fmap).mean()
            accelerator.backward(loss)
            optimizer.step()
    else:
        with accelerator.accumulate(discriminator):
            loss = torch.relu(1 + discriminator(fmap.detach())).mean()
            accelerator.backward(loss)
            discr_optimizer.step()
