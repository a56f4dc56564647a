"""A fine-tuning loop with a frozen-head warm start and three optional auxiliary losses: silent.

When the head is frozen and the run warm-starts, the probe's backward is kept and nothing steps; otherwise the
gradients are cleared each iteration, and the optimizer steps only when the head trains. `freeze_head and
warm_start`, tested at once, and three losses give more cases than the flow keeps apart: which of the two it
forgot had followed the order of a set (the hash, per process), and forgetting `freeze_head` gave a false ZG101.
"""
# expect: clean


def finetune(model, teacher, loader, optimizer, criterion, freeze_head, warm_start, use_aux, use_kd, use_contrastive):
    for x, y in loader:
        if freeze_head and warm_start:
            model.probe_loss(x).backward()
        else:
            optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        if use_aux:
            model.aux_loss(x).backward()
        if use_kd:
            model.distillation_loss(teacher, x).backward()
        if use_contrastive:
            model.contrastive_loss(x).backward()
        if not freeze_head:
            optimizer.step()
