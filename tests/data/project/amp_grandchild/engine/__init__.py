# expect: clean
from engine.amp import AmpTrainer, UnscalingAmpTrainer
from engine.base import IterationLoop
from engine.simple import SimpleTrainer
