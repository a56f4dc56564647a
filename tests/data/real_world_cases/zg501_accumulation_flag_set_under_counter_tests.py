"""An accumulation guard whose test is a flag set under counter tests, the loss not divided.

The twin of accumulation_flag_set_under_counter_tests.py as two of the
trainer's tasks have it: the loss goes to the backward undivided, while `if
update:` (a flag decided by counter tests) steps once per several
micro-batches, so the effective learning rate is that many times larger
(RULES.md ZG501).
"""
# expect: ZG501 24:17
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
