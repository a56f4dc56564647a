# expect: clean
"""The epoch loop (SR-GNN's pytorch_code/main.py, written here): builds the model, which owns its optimizer and
schedule, and hands it to model.py's `train_epoch` once per epoch."""

from model import Ranker, SessionGraph, to_device, train_epoch


def main(batches, epochs, ranked):
    if ranked:
        model = to_device(Ranker(100, 16))
    else:
        model = to_device(SessionGraph(100, 16))
    for epoch in range(epochs):
        train_epoch(model, batches)
