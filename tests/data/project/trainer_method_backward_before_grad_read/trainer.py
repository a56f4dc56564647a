# expect: clean
"""The project's trainer (torchtitan's `Trainer.forward_backward_step` shape, written here): the method runs the
forward and the backward of one batch and hands back the loss."""


class Trainer:
    def __init__(self, model, loss_fn):
        self.model = model
        self.loss_fn = loss_fn

    def forward_backward_step(self, inputs, labels):
        loss = self.loss_fn(self.model(inputs), labels)
        loss.backward()
        return loss
