# expect: clean
"""A metric summarizer (by2101/OpenASR's `MetricSummarizer`, written here): the loop hands it each batch's tensors by
name, and the loss to backpropagate is the weighted sum of the metrics registered with `optim=True`."""


class MetricSummarizer:
    def __init__(self):
        self.metrics = {}
        self.metric_names = []

    def register_metric(self, name, optim=False):
        self.metric_names.append({"name": name, "optim": optim})

    def reset_metrics(self):
        self.metrics = {item["name"]: None for item in self.metric_names}

    def update_metric(self, name, value, weight=1.0):
        self.metrics[name] = (value, weight)

    def collect_loss(self):
        loss = 0
        for item in self.metric_names:
            key = item["name"]
            if item["optim"] == True:
                entry = self.metrics[key]
                loss += entry[0] * entry[1]
        return loss
