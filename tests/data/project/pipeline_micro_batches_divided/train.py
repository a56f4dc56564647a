# expect: clean
"""The training loop: one clear, one AFAB schedule of micro-batches, one step."""

import torch

from pipeline import PipelineStage
from schedule import train_step_afab


def train(layers, data_loader, steps, grad_acc_steps):
    model = PipelineStage(layers)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for _ in range(steps):
        optimizer.zero_grad()
        loss = train_step_afab(model, data_loader, grad_acc_steps, is_last_stage=True)
        optimizer.step()
        print(f"loss {loss:.4f}")
