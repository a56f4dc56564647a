# expect: clean
"""zg501_loss_scale_taken_back_by_the_step_undivided.py's clean twin: the same hand-kept fp16 loss scale, multiplied
into the loss and handed to the optimizer's `step(scale=scale)` to be taken back, and the loss divided by
`opt.accumulation_steps`, the count of batches the guarded step sums. No ZG501."""

import torch


def train(model, optimizer, scheduler, loader, opt):
    criterion = torch.nn.CrossEntropyLoss()
    scale = 2.0 ** 10
    step = 0
    grad_max = []
    for inputs, labels in loader:
        step += 1
        model.train()
        train_loss = criterion(model(inputs), labels)
        if len(grad_max) >= 100:
            if sum(grad_max) / len(grad_max) > 1000.0:
                scale /= 2
            else:
                scale *= 2
            grad_max.clear()

        train_loss = scale * train_loss / opt.accumulation_steps
        train_loss.backward()
        grad_max.append(max(p.grad.abs().max().item() for p in model.parameters() if p.grad is not None))

        if step % opt.accumulation_steps == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), scale * opt.clip)
            optimizer.step(scale=scale)
            scheduler.step()
            model.zero_grad()
