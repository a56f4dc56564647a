"""The twin of `clean403_xla_branch_beside_the_scaler.py`: the branch before the scaler's is a plain option of the run
(`args.skip_nonfinite`), which can hold together with `args.fp16`: then `scaler.update()` never runs and the next
step's `unscale_` raises; that branch's own step also applies the scaled gradients directly.
"""
# expect: ZG403 21:17
# expect: ZG402 25:21
import torch


def train(model, loader, optimizer, scheduler, args):
    scaler = torch.cuda.amp.GradScaler() if args.fp16 else None
    for step, batch in enumerate(loader):
        with torch.autocast("cuda", enabled=args.fp16):
            loss = model(batch).mean() / args.accumulation
        if args.fp16:
            scaler.scale(loss).backward()
        else:
            loss.backward()
        if (step + 1) % args.accumulation == 0:
            if args.fp16:
                scaler.unscale_(optimizer)
            norm = torch.nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
            if args.skip_nonfinite:
                if torch.isfinite(norm):
                    optimizer.step()
            elif args.fp16:
                scaler.step(optimizer)
                scaler.update()
            else:
                optimizer.step()
            scheduler.step()
            model.zero_grad()
