"""The twin of zg501_micro_batches_drawn_by_a_helper_method.py: the same inner `range(n)` loop calls the class's own
helper each pass, but the helper draws nothing (`perturb` only noises the batch the iteration drew, no `next`): every
pass works on the same batch, its losses terms of one objective summed on purpose, not micro-batches (RULES.md ZG501
asks about micro-batches): silent."""
# expect: clean
import torch
import torch.nn.functional as F


class Runner:
    def __init__(self, net, n_inner):
        self.net = net
        self.n_inner = n_inner
        self.optimizer = torch.optim.AdamW(net.parameters(), lr=1e-4)

    def perturb(self, clean, noise):
        return clean + noise * torch.randn_like(clean)

    def train(self, loader, noise):
        for clean, _ in loader:
            self.optimizer.zero_grad()

            for _ in range(self.n_inner):
                x0, x1 = clean, self.perturb(clean, noise)
                t = torch.rand(x0.shape[0])
                xt = x0 + t.view(-1, 1, 1, 1) * (x1 - x0)
                pred = self.net(xt, t)
                loss = F.mse_loss(pred, x0)
                loss.backward()

            self.optimizer.step()
