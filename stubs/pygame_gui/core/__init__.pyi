from pygame_gui.core import drawable_shapes as drawable_shapes
from pygame_gui.core import utility as utility
from pygame_gui.core.interfaces import IContainerLikeInterface as IContainerLikeInterface
from pygame_gui.core.ui_container import UIContainer as UIContainer
from pygame_gui.core.ui_element import ObjectID as ObjectID
from pygame_gui.core.ui_element import UIElement as UIElement
from pygame_gui.core.ui_font_dictionary import UIFontDictionary as UIFontDictionary
