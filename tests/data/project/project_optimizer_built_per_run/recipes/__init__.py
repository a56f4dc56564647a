# expect: clean
