# expect: clean
"""A `transformers.Trainer` subclass overriding `train` with the loop of transformers 3 copied in, as research code of
that time did (princeton-nlp/LM-BFF's src/trainer.py, round 32): per micro-batch the library's own `training_step`,
which backpropagates the loss divided by the accumulation steps (RULES.md: the Hugging Face Trainer's `training_step`
is a library summary), then at each accumulation boundary unscale, clip, the scaler's or the plain step, the schedule
and the clear. The clear before the loop and after each guarded step: nothing to report."""

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
                    model.zero_grad()
        return tr_loss.item()
