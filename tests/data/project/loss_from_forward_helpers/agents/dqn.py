# expect: ZG104 30:9
"""A DQN agent in pfrl's shape: `update` takes its loss from `_compute_loss`, which runs the Q-network in
`_compute_y_and_t` and returns the value loss of its output; the clear comes after that forward and before the
backward (ZG104, opt-in). The call of a method that returns a loss of the model's output is the forward here, as an
inline `self.model(...)` is."""

import torch
import torch.nn.functional as F


class DQN:
    def __init__(self, q_function, optimizer, gamma=0.99):
        self.model = q_function
        self.optimizer = optimizer
        self.gamma = gamma

    def _compute_y_and_t(self, batch):
        qout = self.model(batch["state"])
        batch_q = qout.gather(1, batch["action"].unsqueeze(1))
        with torch.no_grad():
            batch_q_target = batch["reward"].unsqueeze(1)
        return batch_q, batch_q_target

    def _compute_loss(self, batch):
        y, t = self._compute_y_and_t(batch)
        return F.smooth_l1_loss(y, t)

    def update(self, batch):
        loss = self._compute_loss(batch)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
