"""Loaded by every Python process a test starts (its PYTHONPATH holds this folder): the loopback
guard of ``tests/loopback_guard.py`` is in place before the process opens a socket."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import loopback_guard

sys.path.pop(0)
loopback_guard.install()
