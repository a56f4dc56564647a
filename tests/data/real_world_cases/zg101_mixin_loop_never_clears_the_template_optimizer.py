"""The twin of clean101_mixin_loop_clears_the_template_optimizer.py: the update mixin's loop never clears, so the
template's step applies every earlier iteration's gradients too (reported at the step, for the subclass the loop is
checked for)."""

# expect: ZG101 24:9


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
            self.loss = (self.model(x) - y).pow(2).mean()
            self.backward()
            self.optimizer_step()
            self.after_update()


class Naive(SGDUpdate, Template):
    pass


class Logged(Naive):
    def after_update(self):
        print(f"loss {self.loss.item():.3f}")
