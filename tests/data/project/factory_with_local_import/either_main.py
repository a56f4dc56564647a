# expect: clean
"""The factory imports one of two classes under the same name, on a setting: which one the loop trains is not
known (one clears, one does not), so nothing is reported."""

from models.select_model import define_either


def main(settings, loader):
    model = define_either(settings)
    for epoch in range(settings.epochs):
        for data in loader:
            model.feed_data(data)
            model.optimize_parameters(epoch)
