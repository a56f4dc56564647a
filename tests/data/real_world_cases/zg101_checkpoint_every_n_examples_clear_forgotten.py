"""The trainer of clean_checkpoint_every_n_examples_counter_tested_twice.py with its clear forgotten.

Nothing ever clears, so each step applies every earlier batch's gradients too
(RULES.md ZG101 at the step). While the loop's state did not settle, `train`
was left out and the bug missed.
"""
# expect: ZG101 34:13
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
            self.seen += self.cfg.batch_size
