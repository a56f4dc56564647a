"""An accumulation guard whose test is a flag set to constants under counter tests.

The shape of a vision-and-language fine-tuning trainer: each batch's loss,
divided by the accumulation steps, is backpropagated; then `update = True`,
and where accumulating `if step_i == 0: update = False`, `elif step_i % n ==
0 ...: update = True`, `else: update = False`; `if update:` steps and sets
every `grad` to None. The flag's value is decided by counter tests, so `if
update:` is an accumulation guard (RULES.md, accumulation guard): the steps
that apply several micro-batches' gradients are the point (no ZG101).
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model, loader, args):
        self.model = model
        self.train_loader = loader
        self.args = args
        self.optim = torch.optim.AdamW(model.parameters(), lr=args.lr)

    def train(self):
        for epoch in range(self.args.epochs):
            for step_i, batch in enumerate(self.train_loader):
                loss = self.model(batch)
                if self.args.gradient_accumulation_steps > 1:
                    loss = loss / self.args.gradient_accumulation_steps
                loss.backward()

                update = True
                if self.args.gradient_accumulation_steps > 1:
                    if step_i == 0:
                        update = False
                    elif step_i % self.args.gradient_accumulation_steps == 0 or step_i == len(self.train_loader) - 1:
                        update = True
                    else:
                        update = False

                if update:
                    self.optim.step()
                    for param in self.model.parameters():
                        param.grad = None
