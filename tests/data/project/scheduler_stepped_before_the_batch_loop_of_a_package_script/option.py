# expect: clean
import argparse

parser = argparse.ArgumentParser()
parser.add_argument("--ok", action="store_true")
args = parser.parse_args()
