"""A trainer's helper rebinds the loss to its own first element: `loss, items = loss`.

Shape of trainers whose criterion may return a tuple: `_get_losses` binds
`loss = self.criterion(outputs, targets)`, then `if isinstance(loss, tuple):
loss, items = loss`. Following the name `loss` leads to its own unpacking:
each name is followed once (it used to recurse without end, and the file was
reported as nested too deeply). The backward's clip runs before the scaler
unscales (ZG401), and the loss is accumulated over `self.accumulate` batches
without being divided (ZG501).
"""
# expect: ZG501 36:9
# expect: ZG401 38:13
import torch
from torch.cuda.amp import GradScaler


class Trainer:
    def __init__(self, net, criterion, loader, accumulate, clip):
        self.net = net
        self.criterion = criterion
        self.loader = loader
        self.accumulate = accumulate
        self.clip = clip
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
        self.scaler = GradScaler(enabled=True)

    def _get_losses(self, outputs, targets):
        loss = self.criterion(outputs, targets)
        if isinstance(loss, tuple):
            loss, items = loss
        else:
            items = loss.unsqueeze(0).detach()
        return loss, items

    def _backward_step(self, loss, epoch, batch_idx):
        self.scaler.scale(loss).backward()
        if self.clip:
            torch.nn.utils.clip_grad_norm_(self.net.parameters(), self.clip)
        done = batch_idx + len(self.loader) * epoch + 1
        if done % self.accumulate == 0:
            self.scaler.step(self.optimizer)
            self.scaler.update()
            self.optimizer.zero_grad()

    def train_epoch(self, epoch):
        for batch_idx, (inputs, targets) in enumerate(self.loader):
            with torch.cuda.amp.autocast():
                outputs = self.net(inputs)
                loss, items = self._get_losses(outputs, targets)
            self._backward_step(loss, epoch, batch_idx)
