# expect: ZG602 27:17
# expect: ZG602 28:17
"""A base learner's epoch: each minibatch's update is the subclass's `calc_gradients`, which leaves its losses in
`self.train_result`; `train_minibatch` hands them back and the epoch keeps them in lists until it ends. With
`PPOLearner` (ppo.py) they are the tensors it backpropagated, graphs and all: every minibatch's graph stays alive
until the epoch ends (ZG602 at the two appends). `DetachedPPOLearner` keeps detached copies (clean). `train_epoch` is
checked for each subclass though it calls the override only through `train_minibatch` (`facts.reaches_below`), and
what `train_minibatch` returns is the display the inlined override bound `self.train_result` to
(`kept_values.returned_by`)."""

import torch


class BaseLearner:
    def calc_gradients(self, minibatch):
        raise NotImplementedError

    def train_minibatch(self, minibatch):
        self.calc_gradients(minibatch)
        return self.train_result

    def train_epoch(self, dataset, mini_epochs):
        actor_losses, critic_losses = [], []
        for _ in range(mini_epochs):
            for minibatch in dataset:
                actor_loss, critic_loss = self.train_minibatch(minibatch)
                actor_losses.append(actor_loss)
                critic_losses.append(critic_loss)
        return torch.stack(actor_losses).mean().item(), torch.stack(critic_losses).mean().item()
