# expect: clean
"""The twin of early_clip.py as the fix wrote it: the clip runs after the backward and before the step."""
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
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.args.max_grad_norm)
                self.optimizer.step()
                self.scheduler.step()
                self.model.zero_grad()
