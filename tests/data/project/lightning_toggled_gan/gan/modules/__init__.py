# expect: clean
from .dcgan import DCGAN
from .wgan_gp import WGANGP
