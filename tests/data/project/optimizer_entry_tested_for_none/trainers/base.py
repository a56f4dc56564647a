# expect: ZG104 30:17
"""A base trainer keeping its optimizers by name, some of them None (a frozen network registered without one): each
clear and each step is called only on the entries that exist, so no existing optimizer misses its clear."""


class TrainerBase:
    def __init__(self):
        self._models = {}
        self._optims = {}

    def register_model(self, name, model, optim=None):
        self._models[name] = model
        self._optims[name] = optim

    def get_model_names(self, names=None):
        if names is None:
            return list(self._models.keys())
        return names if isinstance(names, list) else [names]

    def train(self, loader):
        for batch in loader:
            self.forward_backward(batch)

    def forward_backward(self, batch):
        raise NotImplementedError

    def model_zero_grad(self, names=None):
        for name in self.get_model_names(names):
            if self._optims[name] is not None:
                self._optims[name].zero_grad()

    def model_update(self, names=None):
        for name in self.get_model_names(names):
            if self._optims[name] is not None:
                self._optims[name].step()

    def model_backward_and_update(self, loss, names=None):
        self.model_zero_grad(names)
        loss.backward()
        self.model_update(names)
