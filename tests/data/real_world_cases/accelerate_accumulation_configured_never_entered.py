"""`Accelerator(gradient_accumulation_steps=...)` built, but the loop never enters `accumulate()`.

Shape of no_trainer fine-tuning scripts where the `with
accelerator.accumulate(model):` block was dropped while the Accelerator kept
its `gradient_accumulation_steps`: `accelerator.backward(loss)` still divides
each loss by that number, and the loop steps and clears after every
micro-batch, so each update applies a 1/N-sized gradient (RULES.md ZG105,
reported at the clear, "accumulation configured but never used").
"""
# expect: ZG105 34:13
import argparse

import torch
from accelerate import Accelerator


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gradient_accumulation_steps", type=int, default=8)
    args = parser.parse_args()
    accelerator = Accelerator(gradient_accumulation_steps=args.gradient_accumulation_steps)
    model = torch.nn.Linear(16, 4)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-5)
    loader = torch.utils.data.DataLoader(torch.randn(256, 16), batch_size=4)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    completed_steps = 0
    for epoch in range(2):
        model.train()
        for step, batch in enumerate(loader):
            outputs = model(batch)
            loss = outputs.pow(2).mean()
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            completed_steps += 1


if __name__ == "__main__":
    main()
