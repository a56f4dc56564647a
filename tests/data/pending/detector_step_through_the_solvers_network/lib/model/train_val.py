# expect: clean
"""The solver (pytorch-faster-rcnn lib/model/train_val.py, written here): `SolverWrapper` keeps the network it is
handed (`self.net = network`), builds the data layer of lib/roi_data_layer/layer.py and, in `construct_graph`, the
SGD; `train_model`'s loop, counted in iterations, calls `self.net.train_step(blobs, self.optimizer)`; `train_net`
builds the wrapper from its own parameter. The loop's step body is the network's `train_step`, of
lib/nets/network.py, inherited by each backbone the script may pick."""

import torch
from roi_data_layer.layer import RoIDataLayer


def scale_lr(optimizer, scale):
    for param_group in optimizer.param_groups:
        param_group["lr"] *= scale


class SolverWrapper(object):
    def __init__(self, network, roidb):
        self.net = network
        self.roidb = roidb

    def construct_graph(self):
        params = [value for value in self.net.parameters() if value.requires_grad]
        self.optimizer = torch.optim.SGD(params, lr=0.001, momentum=0.9)
        return self.optimizer

    def train_model(self, max_iters, stepsize=30000):
        self.data_layer = RoIDataLayer(self.roidb, 3)
        self.construct_graph()
        iter = 1
        while iter < max_iters + 1:
            if iter == stepsize + 1:
                scale_lr(self.optimizer, 0.1)
            blobs = self.data_layer.forward()
            if iter % 100 == 0:
                self.net.train_step_no_return(blobs, self.optimizer)
            else:
                total_loss = self.net.train_step(blobs, self.optimizer)
                print(iter, total_loss)
            iter += 1


def train_net(network, roidb, max_iters=40000):
    sw = SolverWrapper(network, roidb)
    sw.train_model(max_iters)
