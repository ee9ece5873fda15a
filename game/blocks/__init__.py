"""Chiva and Dékabès: the block games played on one line of double-six tiles."""
