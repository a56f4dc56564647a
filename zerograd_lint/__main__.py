from zerograd_lint.cli import main

main()
