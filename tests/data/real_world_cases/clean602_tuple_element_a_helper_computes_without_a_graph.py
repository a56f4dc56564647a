# expect: clean
"""A helper returns the loss beside two terms it computes under `torch.no_grad()` for logging; the loop sums the
second element, `losses[1]`, which holds no graph: only `losses[0]`, the element given to the backward, does."""
import torch


class Agent:
    def __init__(self, policy, lr=1e-3):
        self.policy = policy
        self.opt = torch.optim.Adam(policy.parameters(), lr=lr)

    def flowmatch_loss(self, batch):
        inflow, outflow = self.policy(batch)
        loss = (inflow - outflow).pow(2).mean()
        with torch.no_grad():
            term_loss = (inflow - outflow).pow(2).sum()
            flow_loss = (inflow + outflow).pow(2).sum()
        return (loss, term_loss, flow_loss), batch

    def train(self, batches):
        total_term = 0.0
        for batch in batches:
            losses, rewards = self.flowmatch_loss(batch)
            losses[0].backward()
            self.opt.step()
            self.opt.zero_grad()
            total_term += losses[1]
        return total_term
