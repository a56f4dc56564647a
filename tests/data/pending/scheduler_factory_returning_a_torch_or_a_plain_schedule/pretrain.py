"""KaihuaTang/Scene-Graph-Benchmark.pytorch's tools/detector_pretrain_net.py: the scheduler of the project's factory
is stepped at the top of each iteration, before the optimizer's step (maskrcnn-benchmark's loop before PyTorch 1.1).
By default the factory returns `WarmupMultiStepLR`, a torch scheduler on the optimizer, whose first value (the
warm-up's start) is then skipped (RULES.md ZG204); the plateau object of the other branch could not even run this
argument-less `step()`. Missed: a factory returning a torch scheduler on one branch and a schedule of the project
that does not derive from torch's on the other is not known to return a torch scheduler."""
# expect: ZG204 17:9
# expect: ZG104 20:9
import torch
from build import make_lr_scheduler


def train(cfg, model, data_loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.BASE_LR, momentum=0.9)
    scheduler = make_lr_scheduler(cfg, optimizer)
    for images, targets in data_loader:
        scheduler.step()
        loss_dict = model(images, targets)
        losses = sum(loss for loss in loss_dict.values())
        optimizer.zero_grad()
        losses.backward()
        optimizer.step()
