# expect: ZG501 33:17
"""The twin of clean501_sum_of_terms_each_divided_by_the_window.py whose negative term is not divided: the sum given
to backward holds `iter_size` times that term's share, so the window's step applies it that many times over
(RULES.md ZG501: a sum is divided only where each of its terms is).
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
                neg_loss_mean = neg_loss.mean()
                loss = pos_loss_mean + neg_loss_mean
                loss.backward()
            self.optimizer.step()
