# expect: clean
from kit.optim.analog_optimizer import AnalogSGD
