# expect: clean
"""What the scripts share: the model and the data (built elsewhere in a real project)."""

from data import build_loaders
from networks import build_model

model = build_model()
train_loader, test_loader = build_loaders()
num_epochs = 20
