# expect: clean
"""thuiar/MMSA's trainers (trains/singleTask/MULT.py, MISA.py, multiTask/SELF_MM.py, TETFN.py) in one file: each epoch
sets `left_epochs = self.args.update_epochs`; a batch clears when `left_epochs == self.args.update_epochs` (the first
micro-batch of a window), counts down, backpropagates, and steps when the count reaches 0, setting it back to
`self.args.update_epochs`; after the batch loop a step runs when the count is 0 (never: it is set back whenever it
reaches 0). The binding makes the next test of the two equal true (RULES.md, "Correlated conditions": nothing assigns
to either name between them), so the clear runs after every step: no gradients applied twice. Today the test of two
reads made equal by the binding just before is not known true, and ZG101 is reported at the window's step.

What it needs: a rebinding `x = y` deciding a kept test `x == y` until either is rebound. Tried in corpus28b
(`CorrelationPlan` keeping the test's atom where a copy in the loop around sets it, `Correlated` making it true at
that rebinding): this file passed, but the step then held only this iteration's gradients, the window's earlier
micro-batches lost on the paths that skip the step (the valuations of those paths reach the clear's test without
their backward carried to "an earlier iteration"), which would hide accumulation; left for a round with the time to
find why. The loss here is divided by the window's size, so ZG501 has nothing to say either way
(pending/zg501_count_down_window_guard.py has the undivided shape)."""

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
                    left_epochs = self.args.update_epochs
            if not left_epochs:
                optimizer.step()
            if epochs >= self.args.max_epochs:
                return
