# expect: clean
from engine.trainer import CleanTrainer


def main(model, loader):
    CleanTrainer(model, loader, fp16=True).fit(epochs=5)
