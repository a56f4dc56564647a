"""A trainer that checkpoints every n examples under a counter tested twice, then steps on micro-batches.

Modelled on preference-optimisation trainers (direct-preference-optimization's
trainers.py): `if self.seen % self.every == 0 and (self.seen > 0 or
self.first):`, inside it `if self.seen > 0:` again and a dry-run flag around a
save that keeps `self.optimizer.state_dict()` in a local; then micro-batches
divided by their number, one step, one clear, the counter moved. Correct. The
loop's correlated state was written two ways on alternate passes (more tests
than the analysis keeps apart, then fewer) and never settled, so `train` was
left out; it must settle, and stay clean.
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, policy, batches, cfg):
        self.policy = policy
        self.batches = batches
        self.cfg = cfg
        self.seen = 0
        self.optimizer = torch.optim.RMSprop(policy.parameters(), lr=1e-6)

    def save(self, folder):
        optimizer_state = self.optimizer.state_dict()
        torch.save(optimizer_state, folder + "/optimizer.pt")

    def train(self):
        for batch in self.batches:
            if self.seen % self.cfg.every == 0 and (self.seen > 0 or self.cfg.first):
                if self.seen > 0:
                    if self.cfg.dry_run:
                        print("dry run")
                    else:
                        self.save(f"step-{self.seen}")
            for micro in range(self.cfg.micro_batches):
                loss = self.policy(batch[micro]).pow(2).mean()
                (loss / self.cfg.micro_batches).backward()
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.seen += self.cfg.batch_size
