# expect: clean
"""The PPO update of one minibatch: clear, forward, backward, step, and the losses left on `self.train_result` (as
tensors with their graphs in `PPOLearner`, detached in `DetachedPPOLearner`)."""

import torch

from learners.base import BaseLearner


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
        loss = actor_loss + 0.5 * critic_loss
        loss.backward()
        self.optimizer.step()
        self.train_result = (actor_loss, critic_loss)


class DetachedPPOLearner(PPOLearner):
    def calc_gradients(self, minibatch):
        observations, advantages, returns = minibatch
        self.optimizer.zero_grad()
        out = self.model(observations)
        actor_loss = -(out[:, 0] * advantages).mean()
        critic_loss = (out[:, 1] - returns).pow(2).mean()
        loss = actor_loss + 0.5 * critic_loss
        loss.backward()
        self.optimizer.step()
        self.train_result = (actor_loss.detach(), critic_loss.detach())
