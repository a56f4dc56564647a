"""A clear at the top of the iteration and a second one between the backward and the step (the misplaced clear of a
self-supervised trainer): the step applies no gradients, ZG102 at the second clear. The top clear then always finds
the gradients already cleared, but that is the misplaced clear's consequence, not a second mistake: one cause, one
report (ZG103 was reported there too, and removing the top clear, as it said, would leave no clear before the
backward once the other one is moved)."""

# expect: ZG102 20:13

import torch


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(epochs):
        for view_a, view_b in loader:
            optimizer.zero_grad()
            z_a, z_b = model(view_a), model(view_b)
            loss = -torch.nn.functional.cosine_similarity(z_a, z_b.detach()).mean()
            loss.backward()
            optimizer.zero_grad()
            optimizer.step()
