"""The twin of `zg104_loss_from_private_method.py`: the clear comes before the private method that runs the
Q-network, so no forward is pending when it runs.
"""
# expect: clean

import torch
import torch.nn.functional as F


class ValueAgent:
    def __init__(self, q_net):
        self.q_net = q_net
        self.optimizer = torch.optim.Adam(q_net.parameters(), lr=1e-3)

    def _compute_loss(self, batch):
        q = self.q_net(batch["obs"]).gather(1, batch["act"].unsqueeze(1))
        return F.mse_loss(q, batch["target"].unsqueeze(1))

    def update(self, batches):
        for batch in batches:
            self.optimizer.zero_grad()
            loss = self._compute_loss(batch)
            loss.backward()
            self.optimizer.step()
