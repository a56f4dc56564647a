"""`python tests/as_a_user.py COMMAND...`: COMMAND without root's power to ignore file permissions.

Run as root, it drops the capabilities that let root read and write whatever the permissions say
(from the bounding set: root's capabilities after exec), then execs COMMAND, so chmod 000 stops it
as it stops a user. Run as anyone else it only execs COMMAND. A launcher rather than a `preexec_fn`:
a test runs under pytest-xdist, whose workers hold threads, and code run between fork and exec in
a threaded process may deadlock.
"""

import ctypes
import os
import sys

PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 24, 1, 2

if os.geteuid() == 0:
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")
os.execv(sys.argv[1], sys.argv[1:])
