# expect: ZG602 16:9
"""An early stopper (facebookresearch/EGG's egg/core/early_stopping.py before "mem leak fix", 5fb8805): each epoch's
losses and statistics are appended to lists the stopper keeps for the run. The train loss the trainer hands it is the
epoch's mean of the losses it backpropagated, graph and all, so every epoch's graph stays alive (RULES.md ZG602, at
the append; the fix appends `train_loss.detach()`). The validation loss comes from a loop under `torch.no_grad()`."""


class EarlyStopper:
    def __init__(self, threshold):
        self.threshold = threshold
        self.train_stats = []
        self.validation_stats = []

    def update_values(self, validation_loss, validation_rest, train_loss, train_rest, epoch):
        # the epoch's mean of the losses, computed from them after their backward, keeps their graphs
        self.train_stats.append((train_loss, train_rest))
        self.validation_stats.append((validation_loss, validation_rest))

    def should_stop(self):
        return self.validation_stats[-1][1]["acc"] > self.threshold
