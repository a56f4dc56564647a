# expect: clean
"""The twin of zg602_losses_returned_through_two_helpers.py: the override returns detached copies of the loss's terms,
so the lists the epoch keeps hold no graph."""

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
        return actor_loss.detach(), critic_loss.detach()
