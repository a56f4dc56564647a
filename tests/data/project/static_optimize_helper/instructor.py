# expect: ZG104 26:9
# expect: ZG101 35:9
"""A text GAN library's base instructor in williamSYSU/TextGAN-PyTorch's shape: the training helpers are static
methods (`optimize(opt, loss, model=None)`) that each subclass's loops call on `self` with the optimizer and the
loss first. `optimize` clears after the caller's forward (opt-in ZG104); `optimize_no_clear`, a helper of the
buggy subclass, never clears, so each step applies every earlier batch's gradients too (ZG101)."""

import torch


class BasicInstructor:
    def __init__(self, clip_norm=5.0):
        self.clip_norm = clip_norm

    def train_gen_epoch(self, model, data_loader, criterion, optimizer):
        total_loss = 0
        for inp, target in data_loader:
            pred = model(inp)
            loss = criterion(pred, target)
            self.optimize(optimizer, loss, model)
            total_loss += loss.item()
        return total_loss / len(data_loader)

    @staticmethod
    def optimize(opt, loss, model=None):
        opt.zero_grad()
        loss.backward()
        if model is not None:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        opt.step()

    @staticmethod
    def optimize_no_clear(opt, loss):
        loss.backward()
        opt.step()
