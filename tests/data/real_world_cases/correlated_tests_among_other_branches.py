"""Correlated tests lost when the loop has a few more, unrelated `if`s.

Seen in pytorch/rl sota-implementations/grpo/grpo-sync.py (train): around the
same three tests of `cfg.train.mixed_precision and cfg.train_model.torch_dtype
== "float16"` (scaled backward / plain backward; `unscale_`; `scaler.step`
and `update` / `optimizer.step()`), the collector loop has `if not
len(replay_buffer): continue`, a logging test on `global_step`, and
`if cfg.train.empty_replay_buffer:` after the epochs. With the three tests
alone the correlation holds; with these unrelated branches around them (none
assigns `cfg`) the scaled and plain paths are mixed again across the back
edge (ZG401 at the clip, ZG402 at the plain step). Removing any one of the
three unrelated tests makes the reports go away, as if the correlation kept
a bounded number of conditions; timm's `need_update` did the same in round 1
(`timm_need_update_among_other_branches.py`). The same cause keeps the
reports of the real files behind `amp_use_fp16_if_else_branches.py`
(llama-recipes train_utils.py: ZG401 x2, ZG402) and
`swin_accumulation_config_branches.py` (Swin-Transformer: ZG403 x2) on
precision-flow f040c28, whose own cases pass: each of those cases regresses
once three unrelated `if`s are added to its loop.
"""
# expect: clean
import torch
from torch.amp import GradScaler


def train(cfg, policy, optimizer, replay_buffer, loss_fn, pbar, log):
    global_step = 0
    for data in pbar:
        if not len(replay_buffer):
            continue
        for _ in range(cfg.train.epochs):
            for batch in replay_buffer:
                global_step += 1
                loss_val = loss_fn(batch).mean() / cfg.train.gradient_accumulation_steps
                if cfg.train.mixed_precision and cfg.train_model.torch_dtype == "float16":
                    scaler = GradScaler(enabled=True)
                    scaler.scale(loss_val).backward()
                else:
                    loss_val.backward()
                if (global_step + 1) % cfg.train.gradient_accumulation_steps == 0:
                    if cfg.train.mixed_precision and cfg.train_model.torch_dtype == "float16":
                        scaler.unscale_(optimizer)
                    torch.nn.utils.clip_grad_norm_(policy.parameters(), cfg.optimizer.clip_grad_norm)
                    if cfg.train.mixed_precision and cfg.train_model.torch_dtype == "float16":
                        scaler.step(optimizer)
                        scaler.update()
                    else:
                        optimizer.step()
                    optimizer.zero_grad(set_to_none=True)
                if global_step % cfg.train.logging_frequency == 0:
                    log(global_step)
        if cfg.train.empty_replay_buffer:
            replay_buffer.empty()
