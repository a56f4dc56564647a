# expect: clean
from networks.blocks import Discriminator, Generator
