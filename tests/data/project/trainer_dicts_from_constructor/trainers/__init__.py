# expect: clean
from .base_trainer import BaseTrainer
from .metric_loss_only import MetricLossOnly

__all__ = ["BaseTrainer", "MetricLossOnly"]
