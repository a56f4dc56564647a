# expect: clean
"""Entry point: the task named on the command line."""

import sys

from models.detect import DetectionTrainer
from models.segment import SegmentationTrainer

TASKS = {"detect": DetectionTrainer, "segment": SegmentationTrainer}


def main(cfg):
    trainer = TASKS[cfg.task](cfg)
    trainer._do_train()


if __name__ == "__main__":
    main(sys.argv[1])
