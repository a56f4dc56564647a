# expect: clean
"""The script: the pair from the factory, the runner handed it, the metarunner driving the runner."""

from jkit import model_setup
from jkit.metarunner import Metarunner
from jkit.runner import Runner


def main(model, loader, args):
    optimizer_scheduler = model_setup.create_optimizer(model, args.lr, args.max_steps, args.warmup_steps)
    runner = Runner(model, optimizer_scheduler, loader, args.max_steps, args.accumulation)
    Metarunner(runner, args.eval_every_steps).run_train_loop()
