"""Twin of amp_clip_before_unscale_loss_unpacked_from_itself.py, as fixed.

The helper still rebinds the loss to its own first element (`loss, items =
loss`), followed once; the backward divides the loss by the accumulation
count, and the clip runs after `self.scaler.unscale_(self.optimizer)` under
the accumulation guard: nothing to report.
"""
# expect: clean
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
        self.scaler.scale(loss / self.accumulate).backward()
        done = batch_idx + len(self.loader) * epoch + 1
        if done % self.accumulate == 0:
            if self.clip:
                self.scaler.unscale_(self.optimizer)
                torch.nn.utils.clip_grad_norm_(self.net.parameters(), self.clip)
            self.scaler.step(self.optimizer)
            self.scaler.update()
            self.optimizer.zero_grad()

    def train_epoch(self, epoch):
        for batch_idx, (inputs, targets) in enumerate(self.loader):
            with torch.cuda.amp.autocast():
                outputs = self.net(inputs)
                loss, items = self._get_losses(outputs, targets)
            self._backward_step(loss, epoch, batch_idx)
