"""One compound AMP condition tested around the backward, the unscale and the step.

Seen in pytorch/rl sota-implementations/grpo/grpo-sync.py and grpo-async.py:
`if cfg.train.mixed_precision and cfg.train_model.torch_dtype == "float16":`
builds a GradScaler and does the scaled backward, `else: loss_val.backward()`;
under the accumulation guard the same test guards `scaler.unscale_(optimizer)`
before clipping, and again `scaler.step(optimizer); scaler.update()` against
`else: optimizer.step()`. Nothing in the loop assigns `cfg`, so the three
tests take the same branch (RULES.md "Correlated conditions"): no clip sees
scaled gradients without the unscale, no direct step follows a scaled
backward, and every unscale is followed by an update.
"""
# expect: clean
import torch
from torch.amp import GradScaler


def train(cfg, policy, optimizer, batches):
    for global_step, batch in enumerate(batches):
        loss_val = policy(batch).pow(2).mean() / cfg.train.gradient_accumulation_steps
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
