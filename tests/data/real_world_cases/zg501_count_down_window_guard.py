# expect: ZG501 29:17
"""thuiar/MMSA's trains/singleTask/MULT.py in one file: a window of `self.args.update_epochs` batches (8 in its config),
counted down by `left_epochs -= 1`, the step under `if not left_epochs:` (the count then set back), the clear at the
window's first batch. Each batch's loss is backpropagated undivided, so the step applies the sum of `update_epochs`
losses' gradients: the learning rate is that many times larger (RULES.md ZG501). Missed until pend25: `not left_epochs`
has no `%` and no counter word; a name the loop counts (`left -= 1`) and sets back to a value the loop never changes
(`left_epochs = self.args.update_epochs`) now starts again as one reset to a literal does, so its test counts."""

import torch


class Trainer:
    def __init__(self, args):
        self.args = args
        self.criterion = torch.nn.L1Loss()

    def do_train(self, model, loader):
        optimizer = torch.optim.Adam(model.parameters(), lr=self.args.learning_rate)
        for epoch in range(self.args.max_epochs):
            model.train()
            left_epochs = self.args.update_epochs
            for inputs, labels in loader:
                if left_epochs == self.args.update_epochs:
                    optimizer.zero_grad()
                left_epochs -= 1
                outputs = model(inputs)
                loss = self.criterion(outputs, labels)
                train_loss = loss.item()
                loss.backward()
                if not left_epochs:
                    optimizer.step()
                    left_epochs = self.args.update_epochs
            print(epoch, train_loss)
