# expect: clean
"""The clean twin: the ratio is summed as a number."""

import torch

from policy import Policy


class ItemTRPOTrainer:
    def __init__(self):
        self.policy = Policy()

    def update(self, sample):
        obs, actions, old_log_probs, returns = sample
        self.policy.critic_optimizer.zero_grad()
        values, _ = self.policy.evaluate_actions(obs, actions)
        value_loss = (values - returns).pow(2).mean()
        value_loss.backward()
        self.policy.critic_optimizer.step()
        ratio = None
        for _ in range(3):  # the line search over the actor's step size
            _, new_log_probs = self.policy.evaluate_actions(obs, actions)
            ratio = torch.exp(new_log_probs - old_log_probs)
            if ratio.mean() > 0.9:
                break
        return value_loss, ratio

    def train(self, batches):
        info = {"value_loss": 0, "ratio": 0}
        for sample in batches:
            value_loss, ratio = self.update(sample)
            info["value_loss"] += value_loss.item()
            info["ratio"] += ratio.mean().item()
        return info
