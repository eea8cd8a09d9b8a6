"""Runs a command and prints its peak resident set size: maxrss.py CMD ARGS..."""
import resource
import subprocess
import sys

rc = subprocess.run(sys.argv[1:]).returncode
kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"maxrss_mib={kb / 1024:.1f} rc={rc}", file=sys.stderr)
sys.exit(rc)
