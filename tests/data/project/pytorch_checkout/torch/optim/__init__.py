# expect: clean
from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
