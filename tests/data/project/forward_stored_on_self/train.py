# expect: clean
"""The training script: each batch is handed to the model, whose `optimize_parameters` (models/translator.py)
runs the forward, the clear, the backward and the step."""

from models.translator import Translator


def main(settings, loader, epochs):
    model = Translator(settings)
    for epoch in range(epochs):
        for batch in loader:
            model.set_input(batch)
            model.optimize_parameters()
