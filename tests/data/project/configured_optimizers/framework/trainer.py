# expect: clean
"""A trainer that asks the module for its optimizer at the start of every epoch (so that a task could change its
learning rate per epoch): the Adam the module builds each time starts from empty moments, so every epoch throws away
the optimizer's state, and nothing raises (reported on the construction, in tasks/regression.py)."""


class Trainer:
    def __init__(self, max_epochs, log_every=50):
        self.max_epochs = max_epochs
        self.log_every = log_every

    def fit(self, module, loader):
        module.train()
        for epoch in range(self.max_epochs):
            optimizer = module.configure_optimizers()
            for step, batch in enumerate(loader):
                optimizer.zero_grad()
                loss = module.training_loss(batch)
                loss.backward()
                optimizer.step()
                if step % self.log_every == 0:
                    print(epoch, step, loss.item())
