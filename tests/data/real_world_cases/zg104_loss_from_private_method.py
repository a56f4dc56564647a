"""A value-based agent whose update takes its loss from a private method (pfnet/pfrl agents/dqn.py, `loss =
self._compute_loss(batch)`): the method runs the Q-network and returns the loss of its output, so the call is the
forward pass, then the clear, then the backward (ZG104, opt-in). A name led by `_` is still an own method's.

The twin is `clean104_clear_before_private_loss_method.py`.
"""
# expect: ZG104 27:13

import torch
import torch.nn.functional as F


class ValueAgent:
    def __init__(self, q_net):
        self.q_net = q_net
        self.optimizer = torch.optim.Adam(q_net.parameters(), lr=1e-3)

    def _q_values(self, batch):
        return self.q_net(batch["obs"]).gather(1, batch["act"].unsqueeze(1))

    def _compute_loss(self, batch):
        return F.mse_loss(self._q_values(batch), batch["target"].unsqueeze(1))

    def update(self, batches):
        for batch in batches:
            loss = self._compute_loss(batch)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
