# expect: clean
from trainer.multitask import MultiTaskTrainer
