# expect: ZG101 23:17
"""Modelled on haq's lib/env/quantize_env.py: a project's package of reinforcement-learning environments named `env`
(as tianshou's and mbrl-lib's are), whose environment fine-tunes the model it quantises with an optimizer it built.
The fine-tuning loop never clears, so every step applies the sum of all the batches' gradients so far (RULES.md ZG101).
A folder named `env` is checked unless it holds an interpreter (a virtualenv or a conda environment:
tests/test_discovery.py)."""

import torch


class QuantizeEnv:
    def __init__(self, model, train_loader, lr):
        self.model = model
        self.train_loader = train_loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.criterion = torch.nn.CrossEntropyLoss()

    def finetune(self, epochs=1):
        for epoch in range(epochs):
            for inputs, targets in self.train_loader:
                loss = self.criterion(self.model(inputs), targets)
                loss.backward()
                self.optimizer.step()
