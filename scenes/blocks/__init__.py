"""Chiva and Dékabès at the table: the line, the hands, summaries and reviews."""
