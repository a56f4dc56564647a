# expect: ZG204 12:9
"""Modelled on Precipitation-Nowcasting's nowcasting/train_and_test.py: the iteration loop of the project's training
module steps the scheduler it is handed at the top of each iteration, before the optimizer's step. Which scheduler it
is, is known only to the scripts of experiments/ that build it (PyTorch's `MultiStepLR` on the optimizer) and call
this function with no loop of their own (RULES.md ZG204)."""

import torch


def train_and_test(model, optimizer, criterion, lr_scheduler, sampler, max_iterations):
    for itera in range(1, max_iterations + 1):
        lr_scheduler.step()
        batch, target = sampler.sample()
        optimizer.zero_grad()
        loss = criterion(model(batch), target)
        loss.backward()
        torch.nn.utils.clip_grad_value_(model.parameters(), clip_value=50.0)
        optimizer.step()
