from zerograd_lint.doors.launch import program

program()
