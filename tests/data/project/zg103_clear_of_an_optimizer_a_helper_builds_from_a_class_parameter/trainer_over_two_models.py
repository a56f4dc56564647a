# expect: clean
"""The twin of trainer.py: one branch builds `self.optimizer` over the decoder's parameters, the other over the
model's, so the optimizer is not known to cover what `self.model.zero_grad()` clears: the two clears are not a
double clear for sure (silent)."""
import torch


class Trainer:
    def __init__(self, model, decoder, batches):
        self.model = model
        self.decoder = decoder
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
            params = [{"params": list(self.decoder.parameters()), "lr": decoder_learning_rate}]
            self.optimizer = optimizer(params=params, lr=learning_rate)
        else:
            self.optimizer = optimizer(params=self.model.parameters(), lr=learning_rate)
        for inputs, targets in self.batches:
            self.model.zero_grad()
            self.optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(self.model(inputs), targets)
            loss.backward()
            self.optimizer.step()
