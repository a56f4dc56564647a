# expect: clean
"""A `Brain` in the style of SpeechBrain's: `fit()` runs the epochs and the batches, counts the optimizer steps in
`self.step`, and leaves each batch to `fit_batch`, which recipes override; `compute_forward` and
`compute_objectives` are the recipe's."""

import torch


class Brain:
    def __init__(self, modules, opt_class, hparams):
        self.modules = modules
        self.opt_class = opt_class
        self.hparams = hparams
        self.optimizer = None
        self.step = 0

    def init_optimizers(self):
        self.optimizer = self.opt_class(self.modules.parameters())

    def compute_forward(self, batch, stage):
        raise NotImplementedError

    def compute_objectives(self, predictions, batch, stage):
        raise NotImplementedError

    def check_gradients(self, loss):
        return bool(torch.isfinite(loss))

    def fit_batch(self, batch):
        predictions = self.compute_forward(batch, "train")
        loss = self.compute_objectives(predictions, batch, "train")
        loss.backward()
        if self.check_gradients(loss):
            self.optimizer.step()
        self.optimizer.zero_grad()
        return loss.detach()

    def update_average(self, loss, average):
        return average - average / self.step + float(loss) / self.step

    def on_stage_end(self, epoch, average):
        print(f"epoch {epoch}: train loss {average:.3f}")

    def fit(self, epochs, train_set):
        self.init_optimizers()
        for epoch in range(epochs):
            self.modules.train()
            average = 0.0
            for batch in train_set:
                self.step += 1
                loss = self.fit_batch(batch)
                average = self.update_average(loss, average)
            self.on_stage_end(epoch, average)
