# expect: ZG501 28:9
"""facebookresearch/atlas's train.py in one function: an fp16 loss scale kept by hand (`scale`, halved or doubled from
gradient statistics), the loss multiplied by it before the backward, and the optimizer's own `step(scale=scale)` (a
project AdamW copy) and the clip at `scale * clip` taking it back. The step, the clip and the clear run only every
`opt.accumulation_steps` batches, and nothing divides the loss by that count, so the step applies the sum of that many
batches' gradients (RULES.md ZG501). The product by `scale` is no normalisation: the step is handed the same factor."""

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

        train_loss = scale * train_loss
        train_loss.backward()
        grad_max.append(max(p.grad.abs().max().item() for p in model.parameters() if p.grad is not None))

        if step % opt.accumulation_steps == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), scale * opt.clip)
            optimizer.step(scale=scale)
            scheduler.step()
            model.zero_grad()
