# expect: ZG101 13:9
# expect: ZG101 26:9
"""Steps written as a class's static and class methods, called on the class by the loops of this tree:
`Steps.accumulate` and `Steps.accumulate_scaled` never clear (checked alone, this module has no loop: silent)."""


class Steps:
    @staticmethod
    def accumulate(model, optimizer, batch):
        inputs, targets = batch
        loss = model(inputs, targets)
        loss.backward()
        optimizer.step()

    @classmethod
    def fresh(cls, model, optimizer, batch):
        optimizer.zero_grad()
        loss = cls.loss_of(model, batch)
        loss.backward()
        optimizer.step()

    @classmethod
    def accumulate_scaled(cls, model, optimizer, batch, scale):
        loss = cls.loss_of(model, batch) * scale
        loss.backward()
        optimizer.step()

    @staticmethod
    def loss_of(model, batch):
        inputs, targets = batch
        return model(inputs, targets)
