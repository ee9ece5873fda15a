"""The scenes a player sees: the menu, the table, the round summary, the review, the lesson, and their windows."""
