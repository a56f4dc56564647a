"""A fitting routine in two stages, as older SMPL fitting code writes it: each stage builds its own LBFGS and, inside
its own loop, a def named `closure` that clears that optimizer and backpropagates; the step of each stage evaluates
the closure written just above it. The first step's `closure` is the first def (the second is written later, in
another loop), so every evaluation starts from cleared gradients (RULES.md ZG101: LBFGS closures that clear). Twin:
zg101_two_closures_one_name_first_without_clear.py.
"""
# expect: clean
import torch


def fit(model, pose, shape, target, iterations):
    pose.requires_grad = True
    shape.requires_grad = False
    pose_optimizer = torch.optim.LBFGS([pose], max_iter=20, line_search_fn="strong_wolfe")
    for _ in range(iterations):
        def closure():
            pose_optimizer.zero_grad()
            loss = (model(pose, shape) - target).pow(2).mean()
            loss.backward()
            return loss

        pose_optimizer.step(closure)

    shape.requires_grad = True
    shape_optimizer = torch.optim.LBFGS([pose, shape], max_iter=20, line_search_fn="strong_wolfe")
    for _ in range(iterations):
        def closure():
            shape_optimizer.zero_grad()
            loss = (model(pose, shape) - target).pow(2).mean() + shape.pow(2).sum()
            loss.backward()
            return loss

        shape_optimizer.step(closure)
    return pose.detach(), shape.detach()
