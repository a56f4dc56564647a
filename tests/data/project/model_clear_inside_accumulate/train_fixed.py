# expect: clean
"""The fixed twin's script: the same optimizer, handed to the trainer that clears through it, bound to a name before
its method is called (the other way a script runs a trainer it imports with no loop of its own)."""

import torch
from accelerate import Accelerator

from fixed_trainer import FixedRLTrainer


def main(policy, rollouts, gradient_accumulation_steps=4):
    accelerator = Accelerator(gradient_accumulation_steps=gradient_accumulation_steps)
    optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-6)
    policy, optimizer = accelerator.prepare(policy, optimizer)
    trainer = FixedRLTrainer(accelerator, policy, optimizer)
    trainer.step_with_rollouts(rollouts)
