from zerograd_lint.doors.cli import main

main()
