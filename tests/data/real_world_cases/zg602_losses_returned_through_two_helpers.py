# expect: ZG602 24:17
# expect: ZG602 25:17
"""rl_games' learner shape in one file: the base's `train_minibatch` returns the call of the subclass's
`calc_gradients` (`return self.calc_gradients(minibatch)`), which returns the undetached terms of the loss it
backpropagated; the epoch keeps them in lists. What the outer helper returns is what the inner one returns
(`kept_values.returned_by`), and `train_epoch`, which calls the override only through `train_minibatch`, is checked
for the subclass (`facts.reaches_below`)."""

import torch


class BaseLearner:
    def calc_gradients(self, minibatch):
        raise NotImplementedError

    def train_minibatch(self, minibatch):
        return self.calc_gradients(minibatch)

    def train_epoch(self, dataset, mini_epochs):
        actor_losses, critic_losses = [], []
        for _ in range(mini_epochs):
            for minibatch in dataset:
                actor_loss, critic_loss = self.train_minibatch(minibatch)
                actor_losses.append(actor_loss)
                critic_losses.append(critic_loss)
        return torch.stack(actor_losses).mean().item(), torch.stack(critic_losses).mean().item()


class PPOLearner(BaseLearner):
    def __init__(self, model, lr=3e-4):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters(), lr=lr)

    def calc_gradients(self, minibatch):
        observations, advantages, returns = minibatch
        self.optimizer.zero_grad()
        out = self.model(observations)
        actor_loss = -(out[:, 0] * advantages).mean()
        critic_loss = (out[:, 1] - returns).pow(2).mean()
        (actor_loss + 0.5 * critic_loss).backward()
        self.optimizer.step()
        return actor_loss, critic_loss
