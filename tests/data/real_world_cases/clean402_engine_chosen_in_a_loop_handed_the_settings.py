"""A vendored Hugging Face style trainer whose loop reads the settings through its `args` parameter.

Modelled on THUDM/ChatGLM-6B ptuning/trainer.py (transformers' `Trainer` 4.27, its false ZG402 at 1920): `__init__`
turns native AMP on only without the engine (`self.args = args`), and the loop, `_inner_training_loop(self,
batch_size=None, args=None)`, makes the engine only `if args.engine:`. Its one caller, `train()`, hands it
`self.args` (`args = self.args`) through `find_executable_batch_size`, which calls it with the same keywords; the
evaluation makes the engine only `if args.engine and not self.engine:` (`args = self.args` again), and loading the best
model makes a new one only where there is one already. The engine's step never meets the scaler's gradients.
"""
# expect: clean
import torch
from accelerate.utils import find_executable_batch_size


def wrap_engine(model, optimizer, args):
    return model


class Trainer:
    def __init__(self, model, optimizer, args):
        self.model = model
        self.optimizer = optimizer
        self.args = args
        self.engine = None
        self.use_amp = False
        if args.fp16 and not args.engine:  # the engine manages its own mixed precision
            self.use_amp = True
            self.scaler = torch.cuda.amp.GradScaler()

    def training_step(self, model, batch):
        loss = model(batch).mean() / self.args.accumulation
        if self.use_amp:
            self.scaler.scale(loss).backward()
        elif self.engine:
            self.engine.backward(loss)
        else:
            loss.backward()
        return loss.detach()

    def train(self, loader):
        args = self.args
        inner_training_loop = find_executable_batch_size(self._inner_training_loop, args.batch_size)
        return inner_training_loop(args=args, loader=loader)

    def _inner_training_loop(self, batch_size=None, args=None, loader=None):
        model = self.model
        if args.engine:
            model = wrap_engine(model, self.optimizer, args)
            self.engine = model
        for step, batch in enumerate(loader):
            self.training_step(model, batch)
            if self.engine:
                self.engine.step()  # the engine steps every micro-batch and counts them itself
            if (step + 1) % args.accumulation == 0:
                if self.engine:
                    pass  # stepped above
                elif self.use_amp:
                    self.scaler.step(self.optimizer)
                    self.scaler.update()
                else:
                    self.optimizer.step()
                model.zero_grad()
        self._load_best_model()

    def _load_best_model(self):
        if self.engine:
            self.engine = wrap_engine(self.model, self.optimizer, self.args)  # a fresh engine to load into

    def evaluate(self, loader):
        args = self.args
        if args.engine and not self.engine:
            self.engine = wrap_engine(self.model, None, args)
        return [self.model(batch) for batch in loader]
