# expect: clean
"""The twin: the scheduler stepped after the batch loop, once the optimizer has stepped."""

import utility


class Trainer:
    def __init__(self, args, loader, my_model, my_loss):
        self.args = args
        self.loader_train = loader
        self.model = my_model
        self.loss = my_loss
        self.optimizer = utility.make_optimizer(args, self.model)
        self.scheduler = utility.make_scheduler(args, self.optimizer)

    def train(self):
        self.model.train()
        for batch, (lr, hr) in enumerate(self.loader_train):
            self.optimizer.zero_grad()
            sr = self.model(lr)
            loss = self.loss(sr, hr)
            loss.backward()
            self.optimizer.step()
        self.scheduler.step()

    def terminate(self):
        epoch = self.scheduler.last_epoch + 1
        return epoch >= self.args.epochs
