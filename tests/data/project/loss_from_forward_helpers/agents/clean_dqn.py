# expect: clean
"""The twin that clears before `_compute_loss` runs the Q-network: nothing to report."""

import torch.nn.functional as F


class CleanDQN:
    def __init__(self, q_function, optimizer):
        self.model = q_function
        self.optimizer = optimizer

    def _compute_loss(self, batch):
        qout = self.model(batch["state"])
        return F.smooth_l1_loss(qout.gather(1, batch["action"].unsqueeze(1)), batch["reward"].unsqueeze(1))

    def update(self, batch):
        self.optimizer.zero_grad()
        loss = self._compute_loss(batch)
        loss.backward()
        self.optimizer.step()
