from pygame_gui.core.interfaces import IContainerAndContainerLike, IUIElementInterface
from pygame_gui.core.ui_element import UIElement

class UIContainer(UIElement, IContainerAndContainerLike):
    elements: list[IUIElementInterface]
