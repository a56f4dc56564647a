# expect: clean
"""Class-incremental training in phases (yaoyao-liu/class-incremental-learning's trainer.py; its ZG104 at
incremental_lucir.py's clear was judged false): each phase orders the classes by the model's scores, keeps the
previous model as the reference, weighs the distillation by the classifier's width and imprints the new classes'
weights from features computed by a helper handed the model, which returns it (base.py's methods); then
incremental.py's batch loops clear at the top of every batch. The later phases' loss reads the weight and the model,
so those assignments feed it, but they run before the batch loop, once per phase: the clear is at the start of its
iteration, before the forward of its loss, and cannot move above them. (It was reported, naming `self.imprint`.)"""

from base import PhaseBase
from incremental import train_base, train_phase


class Phases(PhaseBase):
    def run(self, model, loaders):
        for phase, loader in enumerate(loaders):
            order = self.class_order(model)
            model, reference, weight = self.prepare_phase(model, phase)
            model = self.imprint(model, loader)
            optimizer = self.make_optimizer(model, reference)
            if phase == 0:
                train_base(model, optimizer, loader, order, self.settings.epochs)
            else:
                model = train_phase(model, reference, optimizer, loader, weight, self.settings.epochs)
        return model
