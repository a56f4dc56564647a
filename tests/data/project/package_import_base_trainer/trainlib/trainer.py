# expect: clean
"""The base trainer (pixel-nerf train/trainlib/trainer.py): the optimizer and the epoch loop, which runs the subclass's
`train_step` per batch and steps every `accu_grad` batches (or at the epoch's last)."""

import torch


class Trainer:
    def __init__(self, net, loader, accu_grad: int, epochs: int):
        self.net = net
        self.loader = loader
        self.accu_grad = accu_grad
        self.num_epochs = epochs
        self.num_total_batches = len(loader)
        self.optim = torch.optim.Adam(net.parameters(), lr=1e-4)

    def train_step(self, data):
        raise NotImplementedError()

    def start(self):
        for epoch in range(self.num_epochs):
            batch = 0
            for data in self.loader:
                losses = self.train_step(data)
                print(epoch, batch, losses)
                if batch == self.num_total_batches - 1 or batch % self.accu_grad == self.accu_grad - 1:
                    self.optim.step()
                    self.optim.zero_grad()
                batch += 1
