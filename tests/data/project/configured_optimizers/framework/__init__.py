# expect: clean
from framework.module import TrainModule
from framework.trainer import Trainer
