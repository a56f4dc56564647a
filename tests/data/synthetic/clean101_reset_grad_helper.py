"""A solver clears through its own reset_grad() helper at the top of the iteration.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


class Solver:
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.Adam(net.parameters(), lr=1e-4)

    def reset_grad(self):
        self.optimizer.zero_grad()

    def train(self, loader):
        for x, y in loader:
            self.reset_grad()
            loss = torch.nn.functional.l1_loss(self.net(x), y)
            loss.backward()
            self.optimizer.step()
