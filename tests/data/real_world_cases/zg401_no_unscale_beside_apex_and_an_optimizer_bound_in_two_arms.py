"""The twin of `clean401_unscale_beside_apex_and_an_optimizer_bound_in_two_arms.py`: nothing unscales, so with
native AMP the clip sees the scaled gradients (ZG401).
"""
# expect: ZG401 40:13
import torch
from apex import amp


class Trainer:
    def __init__(self, model, optimizer, args):
        self.model = model
        self.optimizer = optimizer
        self.args = args
        self.use_amp = False
        self.use_apex = False
        if args.fp16:
            if args.backend == "amp":
                self.use_amp = True
                self.scaler = torch.cuda.amp.GradScaler()
            else:
                self.use_apex = True

    def create_optimizer(self):
        if self.args.sharded:
            self.optimizer = OSS(params=self.model.parameters(), optim=torch.optim.AdamW)
        else:
            self.optimizer = torch.optim.AdamW(self.model.parameters())
        return self.optimizer

    def train(self, loader):
        for batch in loader:
            loss = self.model(batch).mean()
            if self.use_amp:
                self.scaler.scale(loss).backward()
            elif self.use_apex:
                with amp.scale_loss(loss, self.optimizer) as scaled_loss:
                    scaled_loss.backward()
            else:
                loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            if self.use_amp:
                self.scaler.step(self.optimizer)
                self.scaler.update()
            else:
                self.optimizer.step()
            self.optimizer.zero_grad()
