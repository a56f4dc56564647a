"""The twin of `clean103_clear_retried_in_a_loop_over_the_optimizers.py`: each pass of the loop over the optimizers
clears its optimizer, then clears it again with no backward between (RULES.md ZG103: the second clear finds the same
gradients already clear on every path). Another pass's optimizer is another object, but one pass's two clears are of
the same one. (A first clear in a `try` whose handler passes would not do: where it raised, the second one has work.)
"""
# expect: ZG103 29:13
import torch


class Trainer:
    def __init__(self, model, micro_batches):
        self.model = model
        self.optimizers = [torch.optim.SGD(model.parameters(), lr=0.1)]
        self.micro_batches = micro_batches

    def train_batch(self, batch):
        while True:
            try:
                self.train_micro_batches(batch)
                for optimizer in self.optimizers:
                    optimizer.step()
            except RuntimeError:
                pass
            return

    def train_micro_batches(self, batch):
        for optimizer in self.optimizers:
            optimizer.zero_grad(set_to_none=True)
            optimizer.zero_grad()
        for micro in batch:
            (self.model(micro).sum() / self.micro_batches).backward()
