# expect: clean
"""The twin of `zg602_moving_average_of_a_tuple_element_a_helper_returns.py` as gflownet's fix 5c73856 wrote it:
the early-stopping average takes `losses[1].item()`, a number, on both paths."""
import torch


class Agent:
    def __init__(self, policy, loss="trajectorybalance", lr=1e-3, ema_alpha=0.5, early_stopping=0.01):
        self.policy = policy
        self.loss = loss
        self.opt = torch.optim.Adam(policy.parameters(), lr=lr)
        self.ema_alpha = ema_alpha
        self.early_stopping = early_stopping

    def flowmatch_loss(self, batch):
        inflow, outflow = self.policy(batch)
        loss = (inflow - outflow).pow(2).mean()
        with torch.no_grad():
            term_loss = (inflow - outflow).pow(2).sum()
            flow_loss = (inflow + outflow).pow(2).sum()
        return (loss, term_loss, flow_loss), batch

    def trajectorybalance_loss(self, batch):
        logprobs = self.policy(batch)
        loss = logprobs.sum().pow(2).mean()
        return (loss, loss, loss), batch

    def train(self, batches):
        loss_term_ema = None
        for batch in batches:
            if self.loss == "flowmatch":
                losses, rewards = self.flowmatch_loss(batch)
            else:
                losses, rewards = self.trajectorybalance_loss(batch)
            if not all(torch.isfinite(loss) for loss in losses):
                continue
            losses[0].backward()
            self.opt.step()
            self.opt.zero_grad()
            if loss_term_ema:
                loss_term_ema = self.ema_alpha * losses[1].item() + (1.0 - self.ema_alpha) * loss_term_ema
                if loss_term_ema < self.early_stopping:
                    break
            else:
                loss_term_ema = losses[1].item()
