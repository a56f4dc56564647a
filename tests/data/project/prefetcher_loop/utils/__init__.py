# expect: clean
from utils.data import CudaPrefetcher
from utils.optim import reset_grads
