# expect: clean
"""The training script: the model comes from models/select_model.py's factory; its optimizer steps in
models/model_plain.py, where the report is."""

from models.select_model import define_model


def main(settings, loader):
    model = define_model(settings)
    step = 0
    for epoch in range(settings.epochs):
        for data in loader:
            step += 1
            model.feed_data(data)
            model.optimize_parameters(step)
