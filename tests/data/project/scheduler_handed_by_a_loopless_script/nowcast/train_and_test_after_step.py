# expect: clean
"""The twin of train_and_test.py that steps the scheduler after the optimizer's step."""

import torch


def train_and_test_after_step(model, optimizer, criterion, lr_scheduler, sampler, max_iterations):
    for itera in range(1, max_iterations + 1):
        batch, target = sampler.sample()
        optimizer.zero_grad()
        loss = criterion(model(batch), target)
        loss.backward()
        torch.nn.utils.clip_grad_value_(model.parameters(), clip_value=50.0)
        optimizer.step()
        lr_scheduler.step()
