"""The twin of clean203_clip_between_two_steps_of_one_backward.py whose clip follows the clear: the gradients it clips
are empty until the next backward, and the step after it applies none of them (RULES.md ZG203)."""
# expect: ZG203 15:13
import torch


def train(classifier, criterion, optimizer, loader, epochs):
    classifier.zero_grad()
    for epoch in range(epochs):
        for points, target in loader:
            loss = criterion(classifier(points), target)
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            torch.nn.utils.clip_grad_norm_(classifier.parameters(), 10, norm_type=2)
            optimizer.step()
