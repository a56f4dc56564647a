# expect: ZG602 38:13
"""HATRPO's trainer shape (marlbenchmark/on-policy, hatrpo_trainer.py): each mini-batch steps the critic, then
re-evaluates the moved actor in a line search; the importance ratio of that last evaluation is returned and summed
into `info["ratio"]` across the mini-batches with its autograd graph (`train_info['ratio'] += imp_weights.mean()`,
and `train_info['kl'] += kl` beside it). The ratio comes from the actor's output and requires grad, RULES.md's ZG602;
no backward ever frees its graph. Missed: only values on the way to a backward's loss are known to carry a graph
(MAPPO's trainer, whose ratio is built from the forward its actor loss is backpropagated from, is reported)."""

import torch

from policy import Policy


class TRPOTrainer:
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
            info["ratio"] += ratio.mean()
        return info
