"""The rules engine: pure Python, no pygame, no clock, no files (but records)."""

__version__ = "1.0.0"
