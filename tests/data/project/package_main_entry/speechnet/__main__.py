# expect: clean
"""`python -m speechnet`: the command line's main."""

from speechnet import cli

if __name__ == "__main__":
    cli.main()
