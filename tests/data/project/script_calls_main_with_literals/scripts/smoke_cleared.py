# expect: clean
"""The twin: a smoke run of the entry point whose loop clears."""

from recipes.train import main_cleared

if __name__ == "__main__":
    main_cleared(epochs=1, lr=0.1, optimizer_name="adamw")
