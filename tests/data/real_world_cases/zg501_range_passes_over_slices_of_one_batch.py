"""The twin of clean501_refinement_passes_over_one_batch_summed.py: the same `range(n)` loop, but each pass takes its
own slice of the batch by the counter (`x[i * size:(i + 1) * size]`): micro-batches, whose undivided mean losses sum
into one step n times the mean gradient (RULES.md ZG501)."""
# expect: ZG501 22:13
import torch
import torch.nn.functional as F


class Coach:
    def __init__(self, net, loader, n_parts):
        self.net = net
        self.loader = loader
        self.n_parts = n_parts
        self.optimizer = torch.optim.Adam(net.parameters(), lr=1e-4)

    def parts(self, x, y):
        size = x.shape[0] // self.n_parts
        for i in range(self.n_parts):
            part = slice(i * size, (i + 1) * size)
            y_hat = self.net(x[part])
            loss = F.mse_loss(y_hat, y[part])
            loss.backward()

    def train(self):
        for x, y in self.loader:
            self.optimizer.zero_grad()
            self.parts(x, y)
            self.optimizer.step()
