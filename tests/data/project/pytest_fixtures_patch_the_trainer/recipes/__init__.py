# expect: clean
from recipes.runner import Runner
