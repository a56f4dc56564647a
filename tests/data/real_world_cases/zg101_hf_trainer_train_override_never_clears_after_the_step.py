# expect: ZG101 29:25
# expect: ZG101 32:25
"""The twin: the same `train` override of a `transformers.Trainer` subclass with the clear after the guarded step
left out. The library's `training_step` backpropagates every micro-batch (a library summary, RULES.md); the model is
cleared once before the loop only, so from the second accumulation window on each step applies the gradients of
every window before it (RULES.md ZG101: a step inside an accumulation guard never followed by a clear); each of
the two steps, the scaler's and the plain one, is reported."""

import torch
from transformers import Trainer, get_linear_schedule_with_warmup


class PromptTrainer(Trainer):
    def train(self, model_path=None):
        train_dataloader = self.get_train_dataloader()
        optimizer = torch.optim.AdamW(self.model.parameters(), lr=self.args.learning_rate)
        scheduler = get_linear_schedule_with_warmup(optimizer, self.args.warmup_steps, self.args.max_steps)
        model = self.model
        tr_loss = torch.tensor(0.0)
        model.zero_grad()
        for epoch in range(int(self.args.num_train_epochs)):
            for step, inputs in enumerate(train_dataloader):
                tr_loss += self.training_step(model, inputs)
                if (step + 1) % self.args.gradient_accumulation_steps == 0:
                    if self.args.fp16:
                        self.scaler.unscale_(optimizer)
                    torch.nn.utils.clip_grad_norm_(model.parameters(), self.args.max_grad_norm)
                    if self.args.fp16:
                        self.scaler.step(optimizer)
                        self.scaler.update()
                    else:
                        optimizer.step()
                    scheduler.step()
        return tr_loss.item()
