# expect: clean
from engine.epochs import evaluate, train_one_epoch
