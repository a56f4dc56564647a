# expect: ZG602 44:13
"""A summarizer of registered metrics (by2101/OpenASR's shape in one file): the trainer registers the loss term with
`optim=True` and the accuracy without, hands each batch's tensors to the summarizer by name, and backpropagates what
`collect_loss` sums over the registered `optim` entries. The term is the model's output with its graph, and the epoch's
`total` keeps it; `correct` keeps only the accuracy entry, which never reaches the backward."""

import torch


class Summarizer:
    def __init__(self):
        self.metrics = {}
        self.metric_names = []

    def register_metric(self, name, optim=False):
        self.metric_names.append({"name": name, "optim": optim})

    def update_metric(self, name, value):
        self.metrics[name] = value

    def collect_loss(self):
        loss = 0
        for item in self.metric_names:
            if item["optim"]:
                value = self.metrics[item["name"]]
                loss = loss + value
        return loss


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.summarizer = Summarizer()
        self.summarizer.register_metric("loss", optim=True)
        self.summarizer.register_metric("correct")

    def fit(self):
        total, correct = 0.0, 0
        for x, y in self.loader:
            logits, hits = self.model(x, y)
            term = torch.nn.functional.cross_entropy(logits, y)
            total += term
            correct += hits
            self.summarizer.update_metric("loss", term)
            self.summarizer.update_metric("correct", hits)
            self.optimizer.zero_grad()
            loss = self.summarizer.collect_loss()
            loss.backward()
            self.optimizer.step()
        return total / len(self.loader), correct
