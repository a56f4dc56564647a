"""An AWAC update (rail-berkeley/rlkit's awac_trainer.py, written here): the policy's loss adds the behaviour-cloning
loss of `run_bc_batch` run on the policy, and the buffer policy's loss is what the same helper returns when it is run
again on the buffer policy. Each clear follows the forward of its own loss (ZG104, opt-in, at both). The helper's
parameter `policy` is its own name, not the policy keyed `policy` by `__init__`: what the second call returns runs the
buffer policy alone, its backward writes nothing of the policy's, and the policy's clear stays placed after its
forward, not after a backward it would have to drop."""
# expect: ZG104 29:9
# expect: ZG104 33:9

import torch


class AWACTrainer:
    def __init__(self, policy, buffer_policy):
        self.policy = policy
        self.buffer_policy = buffer_policy
        self.policy_optimizer = torch.optim.Adam(self.policy.parameters(), lr=1e-3)
        self.buffer_policy_optimizer = torch.optim.Adam(self.buffer_policy.parameters(), lr=1e-3)

    def run_bc_batch(self, batch, policy):
        dist = policy(batch["observations"])
        policy_loss = -dist.log_prob(batch["actions"]).mean()
        return policy_loss, dist

    def train_from_torch(self, batch):
        bc_loss, _ = self.run_bc_batch(batch, self.policy)
        policy_loss = self.policy(batch["observations"]).entropy().mean() + bc_loss
        buffer_policy_loss, _ = self.run_bc_batch(batch, self.buffer_policy)
        self.buffer_policy_optimizer.zero_grad()
        buffer_policy_loss.backward()
        self.buffer_policy_optimizer.step()

        self.policy_optimizer.zero_grad()
        policy_loss.backward()
        self.policy_optimizer.step()
