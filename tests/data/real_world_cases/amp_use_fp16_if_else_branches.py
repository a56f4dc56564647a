"""`if use_fp16:` scaled path with its own guarded unscale/clip/step, `else:` plain path.

Seen in meta-llama/llama-recipes src/llama_cookbook/utils/train_utils.py
(train): `if train_config.use_fp16: scaler.scale(loss).backward()` and, under
the accumulation guard, `scaler.unscale_(optimizer)`, clipping,
`scaler.step(optimizer); scaler.update(); optimizer.zero_grad()`; the
`else:` branch does `loss.backward()` and, under the same guard, clipping,
`optimizer.step(); optimizer.zero_grad()`. Nothing in the loop assigns
`train_config`, so every iteration takes the same branch (RULES.md
"Correlated conditions"): the plain branch's clip and step never see the
scaled branch's gradients.
"""
# expect: clean
import torch


def train(model, train_dataloader, optimizer, scaler, train_config, gradient_accumulation_steps):
    for epoch in range(train_config.num_epochs):
        model.train()
        for step, batch in enumerate(train_dataloader):
            loss = model(batch).pow(2).mean() / gradient_accumulation_steps
            if train_config.use_fp16:
                scaler.scale(loss).backward()
                if (step + 1) % gradient_accumulation_steps == 0 or step == len(train_dataloader) - 1:
                    if train_config.gradient_clipping:
                        scaler.unscale_(optimizer)
                        torch.nn.utils.clip_grad_norm_(model.parameters(), train_config.threshold)
                    scaler.step(optimizer)
                    scaler.update()
                    optimizer.zero_grad()
            else:
                loss.backward()
                if (step + 1) % gradient_accumulation_steps == 0 or step == len(train_dataloader) - 1:
                    if train_config.gradient_clipping:
                        torch.nn.utils.clip_grad_norm_(model.parameters(), train_config.threshold)
                    optimizer.step()
                    optimizer.zero_grad()
