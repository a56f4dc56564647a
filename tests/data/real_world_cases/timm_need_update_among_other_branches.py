"""`need_update` correlation in a loop body that also branches on unrelated flags.

Seen in huggingface/pytorch-image-models legacy_train.py (train_one_epoch):
the same `need_update` step/clear structure as train.py (see
timm_need_update_continue.py), in an iteration that also tests
`args.channels_last`, `naflex_mode`, `args.distributed` and
`has_no_sync and not need_update`. On 4ab1308 the two-flag form was
clean and train.py no longer reported, but legacy_train.py still was:
with a few more independent `if`s the correlation of `need_update` was
lost (removing either unrelated `if` made the report go away). Fixed in
d70929a.
"""
# expect: clean
import torch


def train_one_epoch(model, loader, optimizer, args, accum_steps, has_no_sync, naflex_mode=False):
    optimizer.zero_grad()
    for batch_idx, (input, target) in enumerate(loader):
        need_update = batch_idx == len(loader) - 1 or (batch_idx + 1) % accum_steps == 0
        if args.channels_last:
            input = input.contiguous(memory_format=torch.channels_last)

        def _backward(_loss):
            _loss.backward()
            if need_update:
                optimizer.step()

        if naflex_mode:
            loss = model(input).mean() / accum_steps
            _backward(loss)
        else:
            if args.distributed:
                input = input * 1
            if has_no_sync and not need_update:
                with model.no_sync():
                    loss = model(input).mean() / accum_steps
                    _backward(loss)
            else:
                loss = model(input).mean() / accum_steps
                _backward(loss)
        if not need_update:
            continue
        optimizer.zero_grad()
