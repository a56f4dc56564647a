from zerograd_lint.doors.cli import program

program()
