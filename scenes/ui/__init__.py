"""The widget kit every screen shares: drawing, dialogs, panels, focus, plates, effects, theme and wording of seats."""
