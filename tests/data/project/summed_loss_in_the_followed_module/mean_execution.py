# expect: ZG501 34:21
"""execution.py's buggy twin: the same sub-batch loop, but each sub-batch's loss is a mean (BCELoss's default
reduction), and the means are summed over `grad_accu_steps` sub-batches without a division: the update is
`grad_accu_steps` times too large. Reported whether this file is checked or run.py."""

import torch
from torch import nn

from net import Net
from optim import get_optim


class MeanExecution:
    def __init__(self, config):
        self.config = config

    def run(self, dataset, run_mode):
        if run_mode == "train":
            self.train(dataset)

    def train(self, dataset):
        config = self.config
        net = Net(config.hidden_size)
        loss_fn = nn.BCELoss()
        loader = torch.utils.data.DataLoader(dataset, batch_size=config.batch_size, shuffle=True, drop_last=True)
        optim = get_optim(config, net, len(loader))
        for epoch in range(config.max_epoch):
            for images, questions, answers in loader:
                optim.zero_grad()
                for accu_step in range(config.grad_accu_steps):
                    part = slice(accu_step * config.sub_batch_size, (accu_step + 1) * config.sub_batch_size)
                    pred = net(images[part], questions[part])
                    loss = loss_fn(pred, answers[part])
                    loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), config.grad_norm_clip)
                optim.step()
