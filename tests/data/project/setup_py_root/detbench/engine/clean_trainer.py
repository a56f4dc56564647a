# expect: clean
"""The twin loop: the schedule is stepped after the optimizer's step."""

from apex import amp


def do_train(model, data_loader, optimizer, scheduler, device, arguments):
    start_iter = arguments["iteration"]
    model.train()
    for iteration, (images, targets) in enumerate(data_loader, start_iter):
        images = images.to(device)
        optimizer.zero_grad()
        loss_dict = model(images, targets)
        losses = sum(loss for loss in loss_dict.values())
        with amp.scale_loss(losses, optimizer) as scaled_losses:
            scaled_losses.backward()
        optimizer.step()
        scheduler.step()
