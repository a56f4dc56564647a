"""Pang-Yatian/Point-MAE's segmentation/main.py (ZG101 at the first step judged false, ZG201 at the second missed):
each batch's backward is stepped, then under `if num_iter == 1:` (the counter incremented from 0 at the top of each
iteration and reset to 0 inside the test, so the test always holds) the gradients are clipped, stepped a second time
and cleared. Every iteration clears, so no step applies an earlier iteration's gradients (the ZG101 made today needs
the test to fail); the second step applies the gradients the first applied (ZG201, as the engine reads a step of
gradients already applied; reported without the counter, real_world_cases/clean203_clip_between_two_steps_of_one_backward.py).
Made today: ZG101 at line 22, nothing at line 26; the counter test is read as an accumulation guard that may fail.
What it needs: a counter test known to hold in every iteration (a window of one: reset inside the test, compared
with 1 after the increment)."""
# expect: ZG201 26:17
import torch


def train(classifier, criterion, optimizer, loader, epochs):
    classifier.zero_grad()
    for epoch in range(epochs):
        num_iter = 0
        for points, target in loader:
            num_iter += 1
            loss = criterion(classifier(points), target)
            loss.backward()
            optimizer.step()
            if num_iter == 1:
                torch.nn.utils.clip_grad_norm_(classifier.parameters(), 10, norm_type=2)
                num_iter = 0
                optimizer.step()
                classifier.zero_grad()
