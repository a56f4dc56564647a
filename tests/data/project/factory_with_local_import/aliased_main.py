# expect: clean
"""The loop's own file imports the model class under another name: `Model` is `ModelPlain`, whose step (in
models/model_plain.py, where the report is) never clears."""

from models.model_plain import ModelPlain as Model


def main(settings, loader):
    model = Model(settings)
    for epoch in range(settings.epochs):
        for data in loader:
            model.feed_data(data)
            model.optimize_parameters(epoch)
