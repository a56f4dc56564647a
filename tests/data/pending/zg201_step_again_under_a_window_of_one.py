"""Pang-Yatian/Point-MAE's segmentation/main.py (ZG101 at the first step judged false, ZG201 at the second missed):
each batch's backward is stepped, then under `if num_iter == 1:` (the counter incremented from 0 at the top of each
iteration and reset to 0 inside the test, so the test always holds) the gradients are clipped, stepped a second time
and cleared. Every iteration clears, so no step applies an earlier iteration's gradients (the ZG101 made today needs
the test to fail); the second step applies the gradients the first applied (ZG201, as the engine reads a step of
gradients already applied; reported without the counter, real_world_cases/clean203_clip_between_two_steps_of_one_backward.py).
The false ZG101 at the first step is gone since pend24 (a valuation holds the number a counter set to a literal holds, moved
by `num_iter += 1`: `num_iter == 1` holds in every iteration; real_world_cases/clean101_clear_under_a_window_of_one.py).
Still missed: the ZG201 at line 27, a step under a condition, which ZG201 never reports (`where.guard`). What it needs:
an arm the flow takes on every path (its test's other value ruled out in every valuation) read as no condition."""
# expect: ZG201 27:17
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
