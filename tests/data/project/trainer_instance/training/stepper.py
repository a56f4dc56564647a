# expect: ZG101 16:9
"""An optimizer behind a small class whose clear and step are two methods: gan.py holds two instances, right;
gan_unclear.py never clears the discriminator's (the report is here, on the step its loop reaches)."""


class Stepper:
    def __init__(self, optimizer, name):
        self.optimizer = optimizer
        self.name = name
        self.updates = 0

    def clear(self):
        self.optimizer.zero_grad()

    def update(self):
        self.optimizer.step()
        self.updates += 1
