"""A vendored Hugging Face style trainer, as `clean402_engine_chosen_in_a_loop_handed_the_settings.py`, whose
`train()` sets the settings a hyperparameter search's trial names (`setattr(self.args, key, value)`) and binds the
keyword forwarder inside a branch (`if not resumed: inner_training_loop = find_executable_batch_size(...)`).

Modelled on OptimalScale/LMFlow src/lmflow/pipeline/utils/raft_trainer.py (a copy of transformers' `Trainer`, its false
ZG402 at 1816; THUDM/ChatGLM-6B's ptuning/trainer.py:1920 and microsoft/LoRA's 1073 for the search alone): the keys
the trial sets are known only when the script runs, so nothing in view turns the engine on after `__init__` turned
native AMP off for it; the loop still reads `self.args` through the forwarder bound in the branch. The engine's
step never meets the scaler's gradients.
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

    def _hp_search_setup(self, trial):
        for key, value in trial.params.items():
            setattr(self.args, key, value)  # the trial's hyperparameters, whichever the search space names

    def train(self, loader, trial=None, resumed=False):
        if trial is not None:
            self._hp_search_setup(trial)
        args = self.args
        if not resumed:
            inner_training_loop = find_executable_batch_size(self._inner_training_loop, args.batch_size)
            return inner_training_loop(args=args, loader=loader)
        else:
            resumed_loop = find_executable_batch_size(self._resumed_loop, args.batch_size)
            return resumed_loop(args=args, loader=loader)

    def _resumed_loop(self, batch_size=None, args=None, loader=None):
        return self._inner_training_loop(batch_size, args, loader)

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
