# expect: ZG501 15:9
"""Accumulates `accum_steps` batches per step, but backpropagates each batch's weighted sum of the criterion's losses
undivided: the step applies `accum_steps` times the mean gradient."""


def train_one_epoch(model, criterion, loader, optimizer, accum_steps, history):
    model.train()
    optimizer.zero_grad()
    for i, (samples, targets) in enumerate(loader):
        outputs = model(samples)
        loss_dict = criterion(outputs, targets)
        weight_dict = criterion.weight_dict
        losses = sum(loss_dict[k] * weight_dict[k] for k in loss_dict if k in weight_dict)
        history.append({k: v.item() for k, v in loss_dict.items()})
        losses.backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
