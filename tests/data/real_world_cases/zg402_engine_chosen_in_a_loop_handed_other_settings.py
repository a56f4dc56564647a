"""The twin of `clean402_engine_chosen_in_a_loop_handed_the_settings.py`: a second caller hands the loop settings of
its own (`train_with(loader, args)`), so the loop's `if args.engine:` need not agree with the `args.engine` that
`__init__` turned native AMP off for. With AMP on and those settings' engine, the engine's own step applies the
scaled gradients: ZG402.
"""
# expect: ZG402 52:17
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

    def train_with(self, loader, args):
        return self._inner_training_loop(args=args, loader=loader)  # settings of another run: the engine's may be on

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
