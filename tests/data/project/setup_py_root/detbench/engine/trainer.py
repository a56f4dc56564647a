# expect: ZG204 16:9
"""The iteration loop the script calls with the optimizer and the schedule built in tools/train_net.py: the schedule
is stepped at the top of each iteration, before the optimizer's first step (the warm-up's first value is skipped)."""

import logging

from apex import amp

logger = logging.getLogger(__name__)


def do_train(model, data_loader, optimizer, scheduler, checkpointer, device, period, arguments):
    start_iter = arguments["iteration"]
    model.train()
    for iteration, (images, targets) in enumerate(data_loader, start_iter):
        scheduler.step()
        images = images.to(device)
        optimizer.zero_grad()
        loss_dict = model(images, targets)
        losses = sum(loss for loss in loss_dict.values())
        with amp.scale_loss(losses, optimizer) as scaled_losses:
            scaled_losses.backward()
        optimizer.step()
        if iteration % period == 0:
            checkpointer.save(f"model_{iteration:07d}", **arguments)
