# expect: ZG203 24:17
"""A trainer class whose optimizer comes from the project's factory and whose model from its device helper
(pytorch_bert_bilstm_crf_ner's main.py before 7c2c1ff): `self.model.zero_grad()` clears the model after each step
(and once before the loop), and the clip of `self.model.parameters()` runs before the next backward, on the
gradients that very clear emptied: it clips nothing, and the step applies unclipped gradients. The model's own
gradients are followed (the optimizer's relation to `self.model` is not visible), and they are cleared there."""
import torch

from nertrain.utils import build_optimizer_and_scheduler, load_model_and_parallel


class Trainer:
    def __init__(self, args, model, train_loader):
        self.args = args
        self.train_loader = train_loader
        self.model, self.device = load_model_and_parallel(model, args.gpu_ids)
        self.optimizer, self.scheduler = build_optimizer_and_scheduler(args, model, len(train_loader) * args.epochs)

    def train(self):
        self.model.zero_grad()
        for epoch in range(self.args.epochs):
            for batch in self.train_loader:
                loss = self.model(batch["ids"], batch["labels"])
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.args.max_grad_norm)
                loss.backward()
                self.optimizer.step()
                self.scheduler.step()
                self.model.zero_grad()
