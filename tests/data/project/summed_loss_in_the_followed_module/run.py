# expect: clean
"""The script (MILVLG/mcan-vqa's run.py, written here): it builds the execution and runs it; the loop, its loss
and its accumulation are all in execution.py, whose text is what says how the loss is reduced, not this file's."""

from setup import load_run, parse_args
from execution import Execution


if __name__ == "__main__":
    args = parse_args()
    config, dataset = load_run(max_epoch=args.max_epoch, optim_lr=args.optim_lr)
    execution = Execution(config)
    execution.run(dataset, config.run_mode)
