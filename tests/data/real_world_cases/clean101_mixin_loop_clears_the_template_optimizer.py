"""A continual-learning strategy's shape (avalanche's `SupervisedTemplate`): the update mixin's epoch loop clears
`self.optimizer` and calls `self.backward()` and `self.optimizer_step()`, which the template base defines, whose
`__init__` sets `self.optimizer`; a subclass overrides a callback the loop calls. Checked for that subclass, the
mixin's `self.optimizer` was read as its own attribute and the template's as its `__init__`'s parameter: two
optimizers, the one stepped never cleared (a false ZG101). It is one instance's attribute, whichever class binds it."""

# expect: clean


class Template:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def train(self, experiences):
        for experience in experiences:
            self.training_epoch(experience)

    def training_epoch(self, loader):
        raise NotImplementedError

    def backward(self):
        self.loss.backward()

    def optimizer_step(self):
        self.optimizer.step()

    def after_update(self):
        pass


class SGDUpdate:
    def training_epoch(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            self.loss = (self.model(x) - y).pow(2).mean()
            self.backward()
            self.optimizer_step()
            self.after_update()


class Naive(SGDUpdate, Template):
    pass


class Logged(Naive):
    def after_update(self):
        print(f"loss {self.loss.item():.3f}")
