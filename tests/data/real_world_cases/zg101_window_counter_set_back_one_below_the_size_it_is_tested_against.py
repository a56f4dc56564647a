# expect: ZG101 31:21
"""The MMSA window of clean101_window_counter_set_back_to_the_size_it_is_tested_against.py, but the window's
step sets the count back to one below the size the clear's test compares it with (`left_epochs =
self.args.update_epochs - 1`): after the first window `left_epochs == self.args.update_epochs` never holds again, so
no clear runs after the step and each later window's step applies the gradients of every earlier window again
(RULES.md ZG101). A value computed from the size is no copy of it: the binding decides nothing of the test."""

import torch


class Trainer:
    def __init__(self, args):
        self.args = args
        self.criterion = torch.nn.L1Loss()

    def do_train(self, model, loader):
        optimizer = torch.optim.Adam(model.parameters(), lr=self.args.learning_rate)
        epochs = 0
        while True:
            epochs += 1
            model.train()
            left_epochs = self.args.update_epochs
            for inputs, labels in loader:
                if left_epochs == self.args.update_epochs:
                    optimizer.zero_grad()
                left_epochs -= 1
                outputs = model(inputs)
                loss = self.criterion(outputs, labels) / self.args.update_epochs
                loss.backward()
                if not left_epochs:
                    optimizer.step()
                    left_epochs = self.args.update_epochs - 1
            if not left_epochs:
                optimizer.step()
            if epochs >= self.args.max_epochs:
                return
