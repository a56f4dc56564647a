# expect: clean
"""The script: a task, the package's optimizer wrapper, and the loop over the samples."""

import torch.nn as nn

from visionkit.optim.classy_optimizer import ClassyOptimizer
from visionkit.tasks.classification_task import ClassificationTask
from visionkit.tasks.mixed_task import MixedPrecisionTask


def main(model, loader, args):
    if args.amp_type == "pytorch":
        task = MixedPrecisionTask(model, nn.CrossEntropyLoss(), amp_type="pytorch", clip_grad_norm=args.clip)
    else:
        task = ClassificationTask(model, nn.CrossEntropyLoss(), use_apex=args.amp_type == "apex", clip_grad_norm=args.clip)
    task.set_optimizer(ClassyOptimizer(lr=args.lr))
    for epoch in range(args.epochs):
        for sample in loader:
            task.train_step(sample)
