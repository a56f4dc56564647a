# expect: clean
"""The twin: the optimizer is asked for once, before the epochs."""


class OnceTrainer:
    def __init__(self, max_epochs):
        self.max_epochs = max_epochs

    def fit(self, module, loader):
        optimizer = module.configure_optimizers()
        for epoch in range(self.max_epochs):
            for batch in loader:
                optimizer.zero_grad()
                loss = module.training_loss(batch)
                loss.backward()
                optimizer.step()
