"""A Hugging Face style trainer steps through torch_xla on a TPU, else through the GradScaler.

Modelled on princeton-nlp/MeZO's medium_models/src/trainer.py and microsoft/LoRA's fork of transformers' Trainer
(round 11): `scaler.unscale_` runs under the native-AMP test, then `if is_torch_tpu_available(): xm.optimizer_step(...)`
comes first in the step's if/elif. A path that unscales and then takes the XLA branch (no `scaler.update()`) needs a
CUDA GradScaler on an XLA device, which never runs (TrainingArguments refuses `--fp16` off CUDA).
"""
# expect: clean
import torch
import torch_xla.core.xla_model as xm
from transformers import is_torch_tpu_available


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
            torch.nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
            if is_torch_tpu_available():
                xm.optimizer_step(optimizer)
            elif args.fp16:
                scaler.step(optimizer)
                scaler.update()
            else:
                optimizer.step()
            scheduler.step()
            model.zero_grad()
