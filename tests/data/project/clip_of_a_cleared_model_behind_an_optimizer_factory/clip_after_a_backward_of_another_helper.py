# expect: clean
"""The model is cleared, then a helper of the project runs the forward and the backward (`self.backward_pass`), and
only then the clip: the model's gradients hold that backward's when the clip runs (not cleared), so nothing is
reported."""
import torch

from nertrain.utils import build_optimizer_and_scheduler, load_model_and_parallel


class Trainer:
    def __init__(self, args, model, train_loader):
        self.args = args
        self.train_loader = train_loader
        self.model, self.device = load_model_and_parallel(model, args.gpu_ids)
        self.optimizer, self.scheduler = build_optimizer_and_scheduler(args, model, len(train_loader) * args.epochs)

    def backward_pass(self, batch):
        loss = self.model(batch["ids"], batch["labels"])
        loss.backward()
        return loss

    def train(self):
        for epoch in range(self.args.epochs):
            for batch in self.train_loader:
                self.model.zero_grad()
                self.backward_pass(batch)
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.args.max_grad_norm)
                self.optimizer.step()
                self.scheduler.step()
