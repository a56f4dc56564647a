# expect: ZG602 22:17
# expect: ZG602 23:17
"""A base learner's epoch: each minibatch's update is the subclass's `calc_gradients`, which leaves its losses in
`self.train_result`, and the epoch's loop unpacks that attribute itself after the call and keeps the losses in lists
until it ends. With `PPOLearner` (ppo.py) they are the tensors it backpropagated, graphs and all (ZG602 at the two
appends); `DetachedPPOLearner` keeps detached copies (clean). The tuple target takes, element by element, the display
the inlined override bound the attribute to (`kept_values.returned_values`)."""

import torch


class BaseLearner:
    def calc_gradients(self, minibatch):
        raise NotImplementedError

    def train_epoch(self, dataset, mini_epochs):
        actor_losses, critic_losses = [], []
        for _ in range(mini_epochs):
            for minibatch in dataset:
                self.calc_gradients(minibatch)
                actor_loss, critic_loss = self.train_result
                actor_losses.append(actor_loss)
                critic_losses.append(critic_loss)
        return torch.stack(actor_losses).mean().item(), torch.stack(critic_losses).mean().item()
