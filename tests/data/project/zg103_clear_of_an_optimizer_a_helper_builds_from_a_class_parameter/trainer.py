# expect: ZG103 31:13
"""A trainer's `train` hands its settings to `train_custom` through `**kwargs`, `fine_tune` hands it an optimizer class;
`train_custom` builds `self.optimizer` from its `optimizer` parameter over `self.model`'s parameters on both branches,
then clears the model and the optimizer one after the other (flairNLP/flair flair/trainers/trainer.py:664)."""
import torch


class Trainer:
    def __init__(self, model, batches):
        self.model = model
        self.batches = batches
        self.optimizer = None

    def train(self, learning_rate=0.1, **kwargs):
        local_variables = dict(locals())
        local_variables.pop("self")
        local_variables.pop("kwargs")
        return self.train_custom(**local_variables, **kwargs)

    def fine_tune(self, learning_rate=5e-5, optimizer=torch.optim.AdamW):
        return self.train_custom(learning_rate=learning_rate, optimizer=optimizer)

    def train_custom(self, learning_rate=0.1, optimizer=torch.optim.SGD, decoder_learning_rate=None):
        if decoder_learning_rate:
            params = [{"params": list(self.model.parameters()), "lr": decoder_learning_rate}]
            self.optimizer = optimizer(params=params, lr=learning_rate)
        else:
            self.optimizer = optimizer(params=self.model.parameters(), lr=learning_rate)
        for inputs, targets in self.batches:
            self.model.zero_grad()
            self.optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(self.model(inputs), targets)
            loss.backward()
            self.optimizer.step()
