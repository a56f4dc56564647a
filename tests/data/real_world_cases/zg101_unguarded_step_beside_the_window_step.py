# expect: ZG101 32:17
"""thuiar/MMSA's trains/missingTask/TFR_NET.py in one file: the window's clear runs when the count equals
`self.args.update_epochs` and its step when the count reaches 0 (the count set back then), but a second
`optimizer.step()` left before it runs every batch, outside the accumulation guard: from the window's second
micro-batch on it applies the gradients of the earlier ones again, with nothing cleared between (RULES.md ZG101).
Knowing that the count set back makes the clear's test true (the VALID twin,
clean101_window_counter_set_back_to_the_size_it_is_tested_against.py, which the engine passes since pend25) must not
hide it."""

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
                prediction = model(inputs)
                loss = self.criterion(prediction, labels) / self.args.update_epochs
                loss.backward()
                optimizer.step()
                if not left_epochs:
                    optimizer.step()
                    left_epochs = self.args.update_epochs
            if epochs >= self.args.max_epochs:
                return
