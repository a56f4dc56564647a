"""The twin of clean101_two_closures_one_name_each_clears_its_optimizer.py: the first stage's `closure` does not
clear, so each of LBFGS's evaluations adds its backward to the gradients of the one before, and every step of the
first loop applies gradients summed over earlier iterations (RULES.md ZG101 at the first step). The second stage's
`closure`, which clears, is a later def of the same name that the first step never runs.
"""
# expect: ZG101 20:9
import torch


def fit(model, pose, shape, target, iterations):
    pose.requires_grad = True
    shape.requires_grad = False
    pose_optimizer = torch.optim.LBFGS([pose], max_iter=20, line_search_fn="strong_wolfe")
    for _ in range(iterations):
        def closure():
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
