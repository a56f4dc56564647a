"""A trainer subclass's epoch (the base class runs `_train_epoch` per epoch) turns every entry of its loss dict into
its number in a loop over the dict's items numbered by `enumerate` that writes each entry first and only then skips the total for a log
line (`loss_dict[key] = value.item()`, then `if key == 'loss': continue`), as WenmuZhou/DBNet.pytorch's
trainer/trainer.py does; the epoch total is added from the rewritten entry: a float, no graph kept. The `continue`
comes after the write, so every pass writes its entry.
"""
# expect: clean
import torch


class BaseTrainer:
    def __init__(self, model, criterion):
        self.model = model
        self.criterion = criterion
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def train(self, epochs):
        for epoch in range(epochs):
            self._train_epoch(epoch)


class Trainer(BaseTrainer):
    def __init__(self, model, criterion, loader):
        super().__init__(model, criterion)
        self.loader = loader

    def _train_epoch(self, epoch):
        train_loss = 0.0
        for batch in self.loader:
            self.optimizer.zero_grad()
            preds = self.model(batch["img"])
            loss_dict = self.criterion(preds, batch)
            loss_dict["loss"].backward()
            self.optimizer.step()
            loss_str = "loss: {:.4f}, ".format(loss_dict["loss"].item())
            for idx, (key, value) in enumerate(loss_dict.items()):
                loss_dict[key] = value.item()
                if key == "loss":
                    continue
                loss_str += "{}: {:.4f}".format(key, loss_dict[key])
                if idx < len(loss_dict) - 1:
                    loss_str += ", "
            train_loss += loss_dict["loss"]
            print(loss_str)
        return train_loss / len(self.loader)
