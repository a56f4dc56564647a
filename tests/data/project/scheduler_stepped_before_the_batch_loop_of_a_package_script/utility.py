# expect: clean
"""The optimizer and scheduler factories beside the trainer."""

import torch.optim as optim
import torch.optim.lr_scheduler as lrs


def make_optimizer(args, my_model):
    trainable = filter(lambda x: x.requires_grad, my_model.parameters())
    return optim.Adam(trainable, lr=args.lr, weight_decay=args.weight_decay)


def make_scheduler(args, my_optimizer):
    if args.decay_type == "step":
        scheduler = lrs.StepLR(my_optimizer, step_size=args.lr_decay, gamma=args.gamma)
    elif args.decay_type.find("step") >= 0:
        milestones = [int(x) for x in args.decay_type.split("_")[1:]]
        scheduler = lrs.MultiStepLR(my_optimizer, milestones=milestones, gamma=args.gamma)
    return scheduler
