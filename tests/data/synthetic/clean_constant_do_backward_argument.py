"""A shared helper backpropagates only when `do_backward=True`; validation passes False.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters())

    def forward_backward(self, batch, do_backward=True):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.model(x), y)
        if do_backward:
            loss.backward()
        return loss.item()

    def train_step(self, batch):
        self.optimizer.zero_grad()
        self.forward_backward(batch)
        self.optimizer.step()

    def validate(self, batch):
        with torch.no_grad():
            return self.forward_backward(batch, do_backward=False)

    def fit(self, train_loader, val_loader):
        for batch, val_batch in zip(train_loader, val_loader):
            self.train_step(batch)
            print(self.validate(val_batch))
