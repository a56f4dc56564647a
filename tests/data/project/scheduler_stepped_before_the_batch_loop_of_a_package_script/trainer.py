# expect: ZG204 20:9
"""`train()` runs once per epoch and steps the scheduler before its batch loop: on the first epoch StepLR moves on
before the optimizer's first step, and the schedule's first value is skipped (RULES.md ZG204). The epoch loop is in
main.py, a script of this package with no `__main__` test, which imports `trainer` by a plain name: only this folder
holds it, so the script runs from here and the engine follows its loop into this method."""

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
        self.scheduler.step()
        self.model.train()
        for batch, (lr, hr) in enumerate(self.loader_train):
            self.optimizer.zero_grad()
            sr = self.model(lr)
            loss = self.loss(sr, hr)
            loss.backward()
            self.optimizer.step()

    def terminate(self):
        epoch = self.scheduler.last_epoch + 1
        return epoch >= self.args.epochs
