# expect: clean
"""A trainer handed dicts of models, optimizers and losses (pytorch-metric-learning's BaseTrainer): the loop's
iteration clears every model and optimizer of the dicts, a subclass writes the losses, the base sums them for the
backward and steps each optimizer of the dict not frozen."""


class BaseTrainer:
    def __init__(self, models, optimizers, loss_funcs, loader, loss_weights=None, freeze_these=()):
        self.models = models
        self.optimizers = optimizers
        self.loss_funcs = loss_funcs
        self.loader = loader
        self.loss_weights = loss_weights or {k: 1 for k in loss_funcs}
        self.freeze_these = freeze_these
        self.losses = {}
        self.history = []

    def train(self, num_epochs=1):
        for self.epoch in range(num_epochs):
            for batch in self.loader:
                self.forward_and_backward(batch)
            self.history.append(self.losses["total_loss"].item())

    def forward_and_backward(self, batch):
        self.zero_losses()
        self.zero_grad()
        self.calculate_loss(batch)
        self.losses["total_loss"] = sum(self.loss_weights[k] * v for k, v in self.losses.items())
        self.backward()
        self.step_optimizers()

    def calculate_loss(self, batch):
        raise NotImplementedError

    def zero_losses(self):
        for k in self.losses:
            self.losses[k] = 0

    def zero_grad(self):
        for model in self.models.values():
            model.zero_grad()
        for optimizer in self.optimizers.values():
            optimizer.zero_grad()

    def backward(self):
        self.losses["total_loss"].backward()

    def step_optimizers(self):
        for name, optimizer in self.optimizers.items():
            if name.removesuffix("_optimizer") not in self.freeze_these:
                optimizer.step()
