# expect: ZG104 33:17
# expect: ZG101 38:17
"""The twin: the clear is skipped for every optimizer registered without a scheduler, which still steps. A test
of another entry (`self._scheds[name]`) says nothing of whether the optimizer exists, so its gradients pile up."""


class ScheduledTrainerBase:
    def __init__(self):
        self._models = {}
        self._optims = {}
        self._scheds = {}

    def register_model(self, name, model, optim=None, sched=None):
        self._models[name] = model
        self._optims[name] = optim
        self._scheds[name] = sched

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
            if self._scheds[name] is not None:
                self._optims[name].zero_grad()

    def model_update(self, names=None):
        for name in self.get_model_names(names):
            if self._optims[name] is not None:
                self._optims[name].step()

    def model_backward_and_update(self, loss, names=None):
        self.model_zero_grad(names)
        loss.backward()
        self.model_update(names)
