# expect: clean
"""The twin: the entries kept as numbers."""

from losses import detection_losses


def train_one_epoch(model, data_loader, optimizer, weights, epoch):
    model.train()
    totals = {}
    for images, targets in data_loader:
        optimizer.zero_grad()
        outputs = model(images)
        loss_dict = detection_losses(outputs, targets, weights)
        loss = sum(loss_dict.values())
        loss.backward()
        optimizer.step()
        for name, value in loss_dict.items():
            totals[name] = totals.get(name, 0.0) + value.item()
    return {name: total / len(data_loader) for name, total in totals.items()}
