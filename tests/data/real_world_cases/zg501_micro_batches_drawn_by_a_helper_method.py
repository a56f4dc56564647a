"""A diffusion bridge's trainer (NVlabs/I2SB's `Runner.train` shape, written here): each iteration clears, then a
`for _ in range(n_inner):` loop draws one micro-batch per pass through the class's own `sample_batch`, whose body
takes `next(loader)`, and backpropagates its undivided mean loss; one step follows the inner loop. The passes take
other data, so the step applies n times the batch's mean gradient (RULES.md ZG501, an inner loop over micro-batches)."""
# expect: ZG501 30:17
import torch
import torch.nn.functional as F


class Runner:
    def __init__(self, net, n_inner):
        self.net = net
        self.n_inner = n_inner
        self.optimizer = torch.optim.AdamW(net.parameters(), lr=1e-4)

    def sample_batch(self, loader, noise):
        clean, _ = next(loader)
        return clean, clean + noise * torch.randn_like(clean)

    def train(self, loader, num_itr, noise):
        for _ in range(num_itr):
            self.optimizer.zero_grad()

            for _ in range(self.n_inner):
                x0, x1 = self.sample_batch(loader, noise)
                t = torch.rand(x0.shape[0])
                xt = x0 + t.view(-1, 1, 1, 1) * (x1 - x0)
                pred = self.net(xt, t)
                loss = F.mse_loss(pred, x0)
                loss.backward()

            self.optimizer.step()
