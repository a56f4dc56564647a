# expect: clean
"""The twin of zg602_epoch_loss_returned_to_an_early_stopper/core/stopping.py after EGG's "mem leak fix" (5fb8805):
the stopper appends `train_loss.detach()`, so the epoch's mean keeps no graph past the epoch (the trainer's own sum
over the batches, core/trainer.py, is still reported)."""


class EarlyStopper:
    def __init__(self, threshold):
        self.threshold = threshold
        self.train_stats = []
        self.validation_stats = []

    def update_values(self, validation_loss, validation_rest, train_loss, train_rest, epoch):
        self.train_stats.append((train_loss.detach(), train_rest))
        self.validation_stats.append((validation_loss, validation_rest))

    def should_stop(self):
        return self.validation_stats[-1][1]["acc"] > self.threshold
