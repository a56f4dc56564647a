# expect: clean
"""The script: the policy and its optimizer prepared by Accelerate, the trainer of ppo_trainer.py run. No loop of its
own, its words naming no pass over the data: the project gate lets it in for the method it calls on a construction of an
imported trainer (`PPOTrainer(...).train(...)`, bound to no name), whose loop is followed with this optimizer."""

import torch
from accelerate import Accelerator

from ppo_trainer import PPOTrainer


def main(policy, queries, gradient_accumulation_steps=4):
    accelerator = Accelerator(gradient_accumulation_steps=gradient_accumulation_steps)
    optimizer = torch.optim.AdamW(policy.parameters(), lr=1e-6)
    policy, optimizer = accelerator.prepare(policy, optimizer)
    PPOTrainer(accelerator, policy, optimizer).train(queries, steps=100)
