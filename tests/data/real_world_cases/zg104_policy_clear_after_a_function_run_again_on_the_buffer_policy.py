"""The twin of zg104_policy_clear_after_a_helper_run_again_on_the_buffer_policy.py written as functions: `run_bc_batch`
names its parameter `policy`, as the training function names the policy its optimizer is built over. What the helper
returns when handed the buffer policy runs the buffer policy alone: its `policy(...)` is read as the code there names
the object (the caller's `buffer_policy`), never as the caller's `policy`, so the buffer policy's backward writes
nothing of the policy's, and the policy's clear after it stays placed after the policy's forward, not after a backward
it would have to drop (ZG104, opt-in, at both clears)."""
# expect: ZG104 26:9
# expect: ZG104 30:9

import torch


def run_bc_batch(batch, policy):
    dist = policy(batch["observations"])
    policy_loss = -dist.log_prob(batch["actions"]).mean()
    return policy_loss, dist


def train(policy, buffer_policy, batches):
    policy_optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)
    buffer_policy_optimizer = torch.optim.Adam(buffer_policy.parameters(), lr=1e-3)
    for batch in batches:
        bc_loss, _ = run_bc_batch(batch, policy)
        policy_loss = policy(batch["observations"]).entropy().mean() + bc_loss
        buffer_policy_loss, _ = run_bc_batch(batch, buffer_policy)
        buffer_policy_optimizer.zero_grad()
        buffer_policy_loss.backward()
        buffer_policy_optimizer.step()

        policy_optimizer.zero_grad()
        policy_loss.backward()
        policy_optimizer.step()
