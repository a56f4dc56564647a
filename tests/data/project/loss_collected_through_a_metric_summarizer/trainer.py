# expect: ZG602 34:13
"""A speech recognizer's trainer: the epoch's `tot_loss` adds each batch's summed loss, a tensor of the model's output
with its graph, and the loss backpropagated is the summarizer's `per_token_loss`, that same tensor weighted: every
batch's graph stays alive until the epoch ends (and across epochs, once the epoch loop keeps the returned mean). The model
also hands back its count of correct tokens (an argmax count, no graph): registered without `optim`, it never reaches the
backward, and `tot_ncorrect` keeps nothing."""

import torch

import metric


class Trainer:
    def __init__(self, model, loader, accumulate_grad_batch):
        self.model = model
        self.loader = loader
        self.accumulate_grad_batch = accumulate_grad_batch
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        self.metric_summarizer = metric.MetricSummarizer()
        self.metric_summarizer.register_metric("per_token_loss", optim=True)
        self.metric_summarizer.register_metric("avg_token_loss")
        self.metric_summarizer.register_metric("per_token_acc")

    def iter_one_epoch(self):
        tot_loss = 0.0
        tot_token = 0
        tot_ncorrect = 0
        n_accu_batch = self.accumulate_grad_batch
        for niter, (waveforms, labels, paddings) in enumerate(self.loader, 1):
            this_loss, ncorrect = self.model(waveforms, labels, paddings)
            batch_loss = torch.sum(this_loss)
            batch_ncorrect = torch.sum(ncorrect)
            n_token = torch.sum(1 - paddings).float()
            tot_loss = tot_loss + batch_loss
            tot_token = tot_token + n_token
            tot_ncorrect = tot_ncorrect + batch_ncorrect
            self.metric_summarizer.reset_metrics()
            self.metric_summarizer.update_metric("per_token_loss", batch_loss, 1.0 / n_token)
            self.metric_summarizer.update_metric("per_token_acc", batch_ncorrect, 1.0 / n_token)
            self.metric_summarizer.update_metric("avg_token_loss", tot_loss, 1.0 / tot_token)
            loss = self.metric_summarizer.collect_loss() / self.accumulate_grad_batch
            if n_accu_batch == self.accumulate_grad_batch:
                self.optimizer.zero_grad()
            loss.backward()
            n_accu_batch -= 1
            if n_accu_batch == 0:
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), 5.0)
                self.optimizer.step()
                n_accu_batch = self.accumulate_grad_batch
        return (tot_loss / tot_token).item()
