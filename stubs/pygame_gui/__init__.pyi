"""The part of pygame-gui 0.6.14 this project uses, typed (the package ships no py.typed)."""

from pygame_gui import core as core
from pygame_gui import elements as elements
from pygame_gui.ui_manager import UIManager as UIManager

UI_BUTTON_PRESSED: int
UI_TEXT_ENTRY_FINISHED: int
UI_TEXT_ENTRY_CHANGED: int
UI_TEXT_BOX_LINK_CLICKED: int
UI_DROP_DOWN_MENU_CHANGED: int
UI_HORIZONTAL_SLIDER_MOVED: int
UI_WINDOW_CLOSE: int
UI_CONFIRMATION_DIALOG_CONFIRMED: int
