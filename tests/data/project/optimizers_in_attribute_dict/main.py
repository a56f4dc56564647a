# expect: clean
"""The entry point: builds the solver of core/solver.py and trains."""

from core.solver import Solver


def main(args, loader):
    solver = Solver(args)
    solver.train(loader)
