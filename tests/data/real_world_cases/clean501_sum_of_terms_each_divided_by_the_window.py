# expect: clean
"""A contrastive trainer's accumulation window whose loss is a weighted sum of two terms, each divided by the window
(FCGF's `ContrastiveLossTrainer` and `HardestContrastiveLossTrainer`).

`loss = pos_loss_mean + self.neg_weight * neg_loss_mean`, where both means were divided by `iter_size`: the sum is
divided as a whole, so the one step after the `iter_size` backwards applies the window's mean (RULES.md ZG501 asks
for the loss given to backward to be divided, and it is).
"""
import torch
import torch.nn.functional as F


class ContrastiveLossTrainer:
    def __init__(self, model, data_loader, config):
        self.model = model
        self.data_loader = data_loader
        self.iter_size = config.iter_size
        self.neg_weight = config.neg_weight
        self.neg_thresh = config.neg_thresh
        self.optimizer = torch.optim.SGD(model.parameters(), lr=config.lr, momentum=0.8)

    def _train_epoch(self):
        data_loader_iter = iter(self.data_loader)
        iter_size = self.iter_size
        for curr_iter in range(len(self.data_loader) // iter_size):
            self.optimizer.zero_grad()
            for iter_idx in range(iter_size):
                input_dict = next(data_loader_iter)
                F0 = self.model(input_dict["sinput0"])
                F1 = self.model(input_dict["sinput1"])
                pos_loss = (F0 - F1).pow(2).sum(1)
                neg_loss = F.relu(self.neg_thresh - (F0 - F1.flip(0)).pow(2).sum(1).sqrt()).pow(2)
                pos_loss_mean = pos_loss.mean() / iter_size
                neg_loss_mean = neg_loss.mean() / iter_size
                loss = pos_loss_mean + self.neg_weight * neg_loss_mean
                loss.backward()
            self.optimizer.step()
