# expect: clean
"""The classifier's loop: each step's batch is cut into micro-batches; the first one's clear (`if i == 0`) runs before
its backward, and every micro-batch's loss requires grad alike, so the step sees this step's gradients only. The
validation pass runs the same helper under `torch.no_grad()`: its losses require no grad, and it runs no backward.
The clear after the first micro-batch's forward is the opt-in ZG104 (reported in the trainer's `zero_grad`, inlined:
`param.grad = None` over `trainer.model_params`, the model's gradients), found through the loss the loop hands the
trainer's `backward(loss)`."""

import torch

from diffkit.mixed_precision import MixedPrecisionTrainer


def split_microbatches(microbatch, batch, labels):
    for start in range(0, len(batch), microbatch):
        yield batch[start : start + microbatch], labels[start : start + microbatch]


def main(model, data, val_data, args):
    trainer = MixedPrecisionTrainer(model, use_fp16=args.use_fp16)
    opt = torch.optim.AdamW(trainer.master_params, lr=args.lr)

    def forward_backward(data_loader):
        batch, labels = next(data_loader)
        for i, (sub_batch, sub_labels) in enumerate(split_microbatches(args.microbatch, batch, labels)):
            logits = model(sub_batch)
            loss = torch.nn.functional.cross_entropy(logits, sub_labels, reduction="none")
            loss = loss.mean()
            if loss.requires_grad:
                if i == 0:
                    trainer.zero_grad()
                trainer.backward(loss * len(sub_batch) / len(batch))

    for step in range(args.iterations):
        forward_backward(data)
        trainer.optimize(opt)
        if val_data is not None and not step % args.eval_interval:
            with torch.no_grad():
                model.eval()
                forward_backward(val_data)
                model.train()
