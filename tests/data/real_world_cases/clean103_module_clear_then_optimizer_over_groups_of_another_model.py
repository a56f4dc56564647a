"""Twin of zg103_module_clear_then_optimizer_over_groups_grown_in_a_loop.py. In `train`, the parameter groups are
grown from the head's parameters in a loop and, for one more group, from parameters a helper builds: the optimizer
holds more than the head's, so its clear after `head.zero_grad()` still has the extra group's gradients to empty. In
`train_choice`, the optimizer of one branch is over the head's parameters and that of the other over the whole
detector's: after `head.zero_grad()` the second still has the backbone's to empty. Neither clear is a double clear
(ZG104, opt-in, still: each runs after the forward).
"""
# expect: ZG104 25:13
# expect: ZG104 43:13
import torch


def train(backbone, head, loader, lr):
    groups = []
    for name, weight in head.named_parameters():
        groups += [{"params": [weight], "lr": lr}]
    extra = build_extra_parameters()
    groups.append({"params": extra, "lr": lr})
    optimizer = torch.optim.Adam(groups)

    for epoch in range(10):
        for images, targets in loader:
            head.zero_grad()
            loss = head(backbone(images), targets).mean() + extra[0].sum()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def build_extra_parameters():
    return [torch.nn.Parameter(torch.zeros(3))]


def train_choice(detector, loader, args):
    if args.head_only:
        optimizer = torch.optim.Adam(detector.head.parameters())
    else:
        optimizer = torch.optim.SGD(detector.parameters(), lr=args.lr, momentum=0.9)
    for epoch in range(10):
        for images, targets in loader:
            detector.head.zero_grad()
            loss = detector(images, targets).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
