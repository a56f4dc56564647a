# expect: clean
"""The twin of zg602_distance_of_the_handed_features_kept_by_a_meter.py (chrischoy/FCGF's `TripletLossTrainer` shape,
written here): the loss helper returns the mean distances of the features it was handed detached (`.detach()`), so
the meters' sums keep numbers without a graph; only the loss, backpropagated, carries one.
"""
import torch
import torch.nn.functional as F


class AverageMeter:
    def __init__(self):
        self.sum = 0.0
        self.sq_sum = 0.0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count
        self.sq_sum += val**2 * n


class TripletLossTrainer:
    def __init__(self, model, data_loader, config):
        self.model = model
        self.data_loader = data_loader
        self.iter_size = config.iter_size
        self.neg_thresh = config.neg_thresh
        self.optimizer = torch.optim.SGD(model.parameters(), lr=config.lr, momentum=0.8)

    def triplet_loss(self, F0, F1, positive_pairs, num_pos):
        pos_ind = torch.randperm(len(positive_pairs))[:num_pos]
        pos_pairs = positive_pairs[pos_ind]
        posF0, posF1 = F0[pos_pairs[:, 0]], F1[pos_pairs[:, 1]]
        pos_dist = torch.sqrt((posF0 - posF1).pow(2).sum(1) + 1e-7)
        negF1 = F1[torch.randint(len(F1), (len(pos_pairs),))]
        rand_neg_dist = torch.sqrt((posF0 - negF1).pow(2).sum(1) + 1e-7)
        loss = F.relu(pos_dist + self.neg_thresh - rand_neg_dist).mean()
        return loss, pos_dist.mean().detach(), rand_neg_dist.mean().detach()

    def _train_epoch(self):
        data_loader_iter = iter(self.data_loader)
        pos_dist_meter, neg_dist_meter = AverageMeter(), AverageMeter()
        for curr_iter in range(len(self.data_loader) // self.iter_size):
            self.optimizer.zero_grad()
            batch_loss = 0
            for iter_idx in range(self.iter_size):
                input_dict = next(data_loader_iter)
                F0 = self.model(input_dict["sinput0"])
                F1 = self.model(input_dict["sinput1"])
                loss, pos_dist, neg_dist = self.triplet_loss(F0, F1, input_dict["correspondences"], num_pos=1024)
                loss /= self.iter_size
                loss.backward()
                batch_loss += loss.item()
                pos_dist_meter.update(pos_dist)
                neg_dist_meter.update(neg_dist)
            self.optimizer.step()
        return pos_dist_meter.avg, neg_dist_meter.avg
