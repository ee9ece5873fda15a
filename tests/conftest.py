"""Shared fixtures: dummy SDL drivers for headless tests, exact-hand deals."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
