# expect: clean
"""The buggy twin: micro-batches counted from 1 (`enumerate(..., 1)`), so the clear under `if i == 0` never runs and
each step applies the gradients of every earlier step again (reported at the step, in diffkit/mixed_precision.py)."""

import torch

from diffkit.mixed_precision import MixedPrecisionTrainer


def main(model, loader, args):
    trainer = MixedPrecisionTrainer(model, use_fp16=args.use_fp16)
    opt = torch.optim.AdamW(trainer.master_params, lr=args.lr)
    for step in range(args.iterations):
        batch, labels = next(loader)
        for i, (sub_batch, sub_labels) in enumerate(zip(batch.split(args.microbatch), labels.split(args.microbatch)), 1):
            loss = torch.nn.functional.cross_entropy(model(sub_batch), sub_labels)
            if i == 0:
                trainer.zero_grad()
            trainer.backward(loss * len(sub_batch) / len(batch))
        trainer.optimize(opt)
