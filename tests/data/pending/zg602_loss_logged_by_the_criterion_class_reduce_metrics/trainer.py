# expect: clean
"""The trainer: each step clears, backpropagates every sample's loss, steps, and hands the step's logging dicts to the
criterion's class (`criterion.__class__.reduce_metrics`, as fairseq's task does)."""

import torch


class Trainer:
    def __init__(self, model, criterion):
        self.model = model
        self.criterion = criterion
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)

    def train_step(self, samples):
        self.model.train()
        self.optimizer.zero_grad()
        logging_outputs = []
        for sample in samples:
            loss, sample_size, logging_output = self.criterion(self.model, sample)
            loss.backward()
            logging_outputs.append(logging_output)
        self.optimizer.step()
        self.criterion.__class__.reduce_metrics(logging_outputs)
