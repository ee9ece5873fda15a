"""The kit every screen is built with: the scene interface, the shell's services and a game's
screens as protocols, input and the key table, the board protocol, the still layer, hand row and
seating, drawing, dialogs, panels, focus, plates, effects, theme and the wording of seats."""
