# expect: clean
"""run.py for mean_execution.py's buggy twin: its ZG501 is reported at the twin's backward, once."""

from setup import load_run, parse_args
from mean_execution import MeanExecution


if __name__ == "__main__":
    args = parse_args()
    config, dataset = load_run(max_epoch=args.max_epoch, optim_lr=args.optim_lr)
    execution = MeanExecution(config)
    execution.run(dataset, config.run_mode)
