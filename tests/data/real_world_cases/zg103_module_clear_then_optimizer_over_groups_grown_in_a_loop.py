"""Corpus round 19 (vision): a detector's script clears the model, runs the forward, then clears the optimizer
before the backward (jwyang/faster-rcnn.pytorch trainval_net.py's shape). The optimizer, one class or another by
the command line, is built on either branch from parameter groups appended one per trainable parameter in a loop
over the model's `named_parameters()`: it is visibly built from that model's parameters, so its clear finds the
gradients the model's clear already emptied (ZG103), after the forward (ZG104, opt-in).
Twin: clean103_module_clear_then_optimizer_over_groups_of_another_model.py.
"""
# expect: ZG103 32:13
# expect: ZG104 32:13
import torch


def train(detector, loader, args):
    groups = []
    for name, weight in dict(detector.named_parameters()).items():
        if not weight.requires_grad:
            continue
        if "bias" in name:
            groups += [{"params": [weight], "lr": args.lr * 2, "weight_decay": 0}]
        else:
            groups.append({"params": [weight], "lr": args.lr, "weight_decay": args.decay})
    if args.optimizer == "adam":
        optimizer = torch.optim.Adam(groups)
    elif args.optimizer == "sgd":
        optimizer = torch.optim.SGD(groups, momentum=0.9)

    for epoch in range(10):
        for images, boxes in loader:
            detector.zero_grad()
            rpn_loss, head_loss = detector(images, boxes)
            loss = rpn_loss.mean() + head_loss.mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
