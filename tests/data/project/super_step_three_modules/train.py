# expect: clean
from ema_trainer import EmaTrainer


def main(model, loader, ema):
    EmaTrainer(model, loader, ema).fit(epochs=10)
