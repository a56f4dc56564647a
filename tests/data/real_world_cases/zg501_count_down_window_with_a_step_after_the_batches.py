# expect: ZG501 33:17
"""thuiar/MMSA's trains/singleTask/MULT.py as it is, in one file: the window of `self.args.update_epochs` batches
counted down by `left_epochs -= 1` and set back by the window's step, the clear when the count equals the size, and
after the batch loop one more step when the count is 0 (never: the window's step set it back). Each batch's loss is
backpropagated undivided, so the window's step applies the sum of `update_epochs` losses' gradients (RULES.md ZG501).
The valuation that skips the window's step (the count not 0 at the end of the iteration) must still carry its
backward to the next iteration: the count is moved (`-= 1`) before the step's test there, so what it held at the head
rules out no step (zg501_count_down_window_guard.py is the same without the step after the loop)."""

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
            train_loss = 0.0
            for inputs, labels in loader:
                if left_epochs == self.args.update_epochs:
                    optimizer.zero_grad()
                left_epochs -= 1
                outputs = model(inputs)
                loss = self.criterion(outputs, labels)
                train_loss += loss.item()
                loss.backward()
                if not left_epochs:
                    optimizer.step()
                    left_epochs = self.args.update_epochs
            if not left_epochs:
                optimizer.step()
            if epochs >= self.args.max_epochs:
                return train_loss
