# expect: ZG105 15:9
"""The twin: a count the loop carries across its iterations (reset only once it reaches `accum`) guards the step, and
the clear at the top of every iteration throws the accumulated micro-batches away."""

import torch

from seq.trainer import Trainer


def main(args, loader, accum=4):
    trainer = Trainer(args, torch.nn.Linear(8, 1))
    micro = 0
    for samples in loader:
        trainer.model.train()
        trainer.optimizer.zero_grad()
        micro += 1
        loss = trainer.model(samples).sum() / accum
        loss.backward()
        if micro == accum:
            trainer.optimizer.step()
            micro = 0
