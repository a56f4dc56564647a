# expect: clean
"""The same factory's shape, the class it imports in its body under another name clearing before each backward."""

from models.select_model import define_cleared


def main(settings, loader):
    model = define_cleared(settings)
    for epoch in range(settings.epochs):
        for data in loader:
            model.feed_data(data)
            model.optimize_parameters(epoch)
