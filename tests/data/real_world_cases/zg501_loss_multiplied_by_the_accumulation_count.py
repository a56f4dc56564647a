"""A loop stepping every `accum_steps` batches whose loss is multiplied by the count instead of divided by it (the
shape of VAR's amp_sc.py before 4ef90a9, in one function): a product by the count of the step's guard itself is no
normalisation, each batch's gradient `accum_steps` times too large. RULES.md ZG501, at the backward."""
# expect: ZG501 17:9
import torch

model = torch.nn.Linear(8, 1)
optimizer = torch.optim.AdamW(model.parameters())


def train(loader, accum_steps):
    optimizer.zero_grad()
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        if i % 100 == 0:
            print(loss.item())
        (loss * accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
