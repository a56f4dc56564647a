"""The twin of zg501_loss_multiplied_by_the_accumulation_count.py whose loss, a mean over the batch, is multiplied by
the batch size (a sum over the samples, on purpose) and divided by the count: scaled on purpose, silent."""
# expect: clean
import torch

model = torch.nn.Linear(8, 1)
optimizer = torch.optim.AdamW(model.parameters())


def train(loader, accum_steps, samples_per_step):
    optimizer.zero_grad()
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        (loss * x.shape[0] / samples_per_step).backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
