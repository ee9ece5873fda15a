"""What every game shares: tiles, errors, phases, the game interface, the match
controller, match records, saves, reviews and the seat kinds."""
