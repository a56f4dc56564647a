# expect: clean
from torch.nn.modules.linear import Linear
from torch.nn.modules.module import Module
