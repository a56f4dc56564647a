"""Twin of clean602_loss_dict_rewritten_by_a_loop_before_its_continue.py: the loop over the loss dict's items skips
the total before it writes an entry's number (`if key == 'loss': continue`, then `loss_dict[key] = value.item()`),
so the total entry keeps its tensor and the epoch total adds each iteration's graph.
"""
# expect: ZG602 41:13
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
                if key == "loss":
                    continue
                loss_dict[key] = value.item()
                loss_str += "{}: {:.4f}".format(key, loss_dict[key])
                if idx < len(loss_dict) - 1:
                    loss_str += ", "
            train_loss += loss_dict["loss"]
            print(loss_str)
        return train_loss / len(self.loader)
