# expect: clean
"""The twin of quantize_env.py that clears before each forward pass."""

import torch


class LinearQuantizeEnv:
    def __init__(self, model, train_loader, lr):
        self.model = model
        self.train_loader = train_loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
        self.criterion = torch.nn.CrossEntropyLoss()

    def finetune(self, epochs=1):
        for epoch in range(epochs):
            for inputs, targets in self.train_loader:
                self.optimizer.zero_grad()
                loss = self.criterion(self.model(inputs), targets)
                loss.backward()
                self.optimizer.step()
