# expect: clean
"""A smoke run with literal settings: the loop of `main` never clears, found through this script too (reported in
loops.py)."""

from recipes.train import main

if __name__ == "__main__":
    main(epochs=1, lr=0.1, optimizer_name="adamw")
