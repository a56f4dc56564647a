"""A clear after the step, and one at the end of each epoch, with a backward that runs only for a tensor loss.

The shape of a molecular force-field trainer (learningmatter-mit/NeuralForceField's nff/train/trainer.py): a helper
backpropagates the loss only `if hasattr(loss, "backward")`, the step runs every `mini_batches` batches through a
helper that skips a step with NaN gradients, the clear follows the step under the same counter test, and the
epoch's end clears the micro-batches of an unfinished window. A pass whose backward was skipped reaches the step with
the gradients an earlier pass's clear emptied, but that clear comes after the step in the code: it reaches the step
only across a back edge, in a pass whose own backward never ran. RULES.md ZG102 asks about a clear between one
iteration's backward and its step: nothing to report.
"""

# expect: clean
import torch


class Trainer:
    def __init__(self, model, optimizer, loader, mini_batches):
        self.model = model
        self.optimizer = optimizer
        self.loader = loader
        self.mini_batches = mini_batches

    def loss_backward(self, loss):
        if hasattr(loss, "backward"):
            loss.backward()

    def grad_is_nan(self):
        for group in self.optimizer.param_groups:
            for param in group["params"]:
                if param.grad is not None and torch.isnan(param.grad).any():
                    return True
        return False

    def optim_step(self):
        if not self.grad_is_nan():
            self.optimizer.step()

    def train(self, epochs):
        self.optimizer.zero_grad()
        for _ in range(epochs):
            num_batches = 0
            for batch in self.loader:
                loss = self.model(batch).mean() / self.mini_batches
                self.loss_backward(loss)
                num_batches += 1
                if num_batches == self.mini_batches:
                    num_batches = 0
                    self.optim_step()
                    self.optimizer.zero_grad()
            self.optimizer.zero_grad()
