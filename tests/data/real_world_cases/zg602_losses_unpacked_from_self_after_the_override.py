# expect: ZG602 18:13
"""The override leaves the terms of the loss it backpropagated on `self` (`self.train_result = (policy_loss,
value_loss)`), and the base's loop, after calling it, unpacks that attribute itself and keeps the first: each
minibatch's graph stays alive in `policy_losses` (rlpyt-style learners)."""

import torch


class BaseLearner:
    def calc_gradients(self, minibatch):
        raise NotImplementedError

    def train_epoch(self, dataset):
        policy_losses = []
        for minibatch in dataset:
            self.calc_gradients(minibatch)
            policy_loss, _ = self.train_result
            policy_losses.append(policy_loss)
        return torch.stack(policy_losses).mean().item()


class A2CLearner(BaseLearner):
    def __init__(self, model, lr=3e-4):
        self.model = model
        self.optimizer = torch.optim.RMSprop(model.parameters(), lr=lr)

    def calc_gradients(self, minibatch):
        observations, advantages, returns = minibatch
        self.optimizer.zero_grad()
        out = self.model(observations)
        policy_loss = -(out[:, 0] * advantages).mean()
        value_loss = (out[:, 1] - returns).pow(2).mean()
        (policy_loss + value_loss).backward()
        self.optimizer.step()
        self.train_result = (policy_loss, value_loss)
