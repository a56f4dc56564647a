# expect: clean
"""thuiar/MMSA's trainers (trains/singleTask/MULT.py, MISA.py, multiTask/SELF_MM.py, TETFN.py) in one file: each epoch
sets `left_epochs = self.args.update_epochs`; a batch clears when `left_epochs == self.args.update_epochs` (the first
micro-batch of a window), counts down, backpropagates, and steps when the count reaches 0, setting it back to
`self.args.update_epochs`; after the batch loop a step runs when the count is 0 (never: it is set back whenever it
reaches 0). The binding makes the next test of the two equal true (RULES.md, "Correlated conditions": nothing assigns
to either name between them), so the clear runs after every step: no gradients applied twice. ZG101 was reported at
the window's step (MMSA's 4 false ZG101 of round 28) until pend25.

Passed since pend25: a rebinding `x = y` makes a kept test `x == y` true until either is rebound
(`CorrelationPlan.equalled`); and the path that skips the window's step still carries its backward to "an earlier
iteration" over the back edge: what `left_epochs` held at the end of the iteration decides no step of the next
(`CorrelationPlan.varying`: the loop moves it before the step's test), so the window's gradients are still summed
(zg501_count_down_window_with_a_step_after_the_batches.py, the undivided twin, keeps its ZG501; corpus28b's first try,
without that, hid accumulation). The loss here is divided by the window's size, so ZG501 has nothing to say
(zg501_count_down_window_guard.py has the undivided shape)."""

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
