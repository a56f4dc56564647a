"""A Hugging Face style trainer whose back end is native AMP, apex or plain, chosen once in `__init__`.

Modelled on THUDM/ChatGLM-6B ptuning/trainer.py (a vendored copy of transformers' `Trainer` 4.27; its false ZG401 x3 at
1943, 1946 and 1949): the backward is scaled under `self.use_amp`, and the update unscales under the same flag before
clipping, so no path clips scaled gradients. What makes the analysis lose the flag is the two together: the apex arm
hands `self.optimizer` to `amp.scale_loss`, and another method binds `self.optimizer` to one of two optimizers
(`create_optimizer`, never called here). Either alone, or a single optimizer there, is silent.
"""
# expect: clean
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
            if self.use_amp:
                self.scaler.unscale_(self.optimizer)
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            if self.use_amp:
                self.scaler.step(self.optimizer)
                self.scaler.update()
            else:
                self.optimizer.step()
            self.optimizer.zero_grad()
