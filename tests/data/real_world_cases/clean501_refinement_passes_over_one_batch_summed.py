"""Iterative refinement (ReStyle's encoder coach shape, written here): each batch is encoded `n_iters` times, every
pass fed the previous pass's output and backpropagated, then one step. The counter is only compared (`if i == 0:`)
and nothing new is drawn: every pass works on the same batch, so the losses are terms of one objective summed on
purpose, not micro-batches of a larger batch (RULES.md ZG501 asks about micro-batches): silent."""
# expect: clean
import torch
import torch.nn.functional as F


class Coach:
    def __init__(self, net, loader, n_iters):
        self.net = net
        self.loader = loader
        self.n_iters = n_iters
        self.optimizer = torch.optim.Adam(net.parameters(), lr=1e-4)

    def refine(self, x, y):
        y_hat = None
        for i in range(self.n_iters):
            if i == 0:
                y_hat = self.net(torch.cat([x, torch.zeros_like(x)], dim=1))
            else:
                y_hat = self.net(torch.cat([x, y_hat.detach()], dim=1))
            loss = F.mse_loss(y_hat, y)
            loss.backward()
        return y_hat

    def train(self):
        for x, y in self.loader:
            self.optimizer.zero_grad()
            self.refine(x, y)
            self.optimizer.step()
