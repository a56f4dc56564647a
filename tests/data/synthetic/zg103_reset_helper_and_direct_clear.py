"""A reset helper clears the optimizer, then the loop clears it again directly.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: ZG103 20:13
import torch


class Solver:
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.Adam(net.parameters())

    def reset_grad(self):
        self.optimizer.zero_grad()

    def train(self, loader):
        for x, y in loader:
            self.reset_grad()
            self.optimizer.zero_grad()
            loss = torch.nn.functional.l1_loss(self.net(x), y)
            loss.backward()
            self.optimizer.step()
