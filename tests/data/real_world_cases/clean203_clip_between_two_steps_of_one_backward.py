"""Pang-Yatian/Point-MAE's segmentation/main.py (ZG203 judged false), without its counter: each batch's backward is
stepped, then the gradients are clipped and stepped a second time before the clear. The clip runs after a step but
affects the next one, which applies the clipped gradients: not a clip where it cannot affect the next step (RULES.md
ZG203). The second step applies the gradients the first one applied, with no backward between: ZG201 (as the engine
reads it, a step of gradients already applied). Point-MAE's counter version, pending/zg201_step_again_under_a_window_of_one.py."""
# expect: ZG201 18:13
import torch


def train(classifier, criterion, optimizer, loader, epochs):
    classifier.zero_grad()
    for epoch in range(epochs):
        for points, target in loader:
            loss = criterion(classifier(points), target)
            loss.backward()
            optimizer.step()
            torch.nn.utils.clip_grad_norm_(classifier.parameters(), 10, norm_type=2)
            optimizer.step()
            classifier.zero_grad()
