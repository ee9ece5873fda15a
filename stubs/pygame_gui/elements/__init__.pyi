from collections.abc import Callable, Iterable

import pygame
from pygame_gui.core.gui_type_hints import Coordinate, RectLike
from pygame_gui.core.interfaces import (
    IContainerLikeInterface,
    IGUIFontInterface,
    IUIElementInterface,
    IUIManagerInterface,
    IWindowInterface,
)
from pygame_gui.core.ui_container import UIContainer
from pygame_gui.core.ui_element import ObjectID, UIElement

Anchors = dict[str, str | IUIElementInterface]

class UIButton(UIElement):
    def __init__(
        self,
        relative_rect: RectLike | Coordinate,
        text: str,
        manager: IUIManagerInterface | None = None,
        container: IContainerLikeInterface | None = None,
        tool_tip_text: str | None = None,
        starting_height: int = 1,
        parent_element: UIElement | None = None,
        object_id: ObjectID | str | None = None,
        anchors: Anchors | None = None,
        allow_double_clicks: bool = False,
        generate_click_events_from: Iterable[int] = ...,
        visible: int = 1,
        *,
        command: Callable[[], object] | dict[int, Callable[[], object]] | None = None,
        tool_tip_object_id: ObjectID | None = None,
        text_kwargs: dict[str, str] | None = None,
        tool_tip_text_kwargs: dict[str, str] | None = None,
        max_dynamic_width: int | None = None,
    ) -> None: ...
    text: str
    font: IGUIFontInterface | None
    def set_text(self, text: str, *, text_kwargs: dict[str, str] | None = None) -> None: ...

class UIWindow(UIElement, IContainerLikeInterface, IWindowInterface):
    def __init__(
        self,
        rect: RectLike,
        manager: IUIManagerInterface | None = None,
        window_display_title: str = "",
        element_id: list[str] | str | None = None,
        object_id: ObjectID | str | None = None,
        resizable: bool = False,
        visible: int = 1,
        draggable: bool = True,
        *,
        ignore_shadow_for_initial_size_and_pos: bool = True,
        always_on_top: bool = False,
    ) -> None: ...
    close_window_button: UIButton | None
    def set_blocking(self, state: bool) -> None: ...

class UITextEntryLine(UIElement):
    def __init__(
        self,
        relative_rect: RectLike,
        manager: IUIManagerInterface | None = None,
        container: IContainerLikeInterface | None = None,
        parent_element: UIElement | None = None,
        object_id: ObjectID | str | None = None,
        anchors: Anchors | None = None,
        visible: int = 1,
        *,
        initial_text: str | None = None,
        placeholder_text: str | None = None,
    ) -> None: ...
    def set_text_length_limit(self, limit: int) -> None: ...
    def get_text(self) -> str: ...
    def set_text(self, text: str | None) -> None: ...
    def set_allowed_characters(self, allowed_characters: str | list[str]) -> None: ...

class UIImage(UIElement):
    def __init__(
        self,
        relative_rect: RectLike,
        image_surface: pygame.Surface,
        manager: IUIManagerInterface | None = None,
        image_is_alpha_premultiplied: bool = False,
        container: IContainerLikeInterface | None = None,
        parent_element: UIElement | None = None,
        object_id: ObjectID | str | None = None,
        anchors: Anchors | None = None,
        visible: int = 1,
        *,
        starting_height: int = 1,
        scale_func: Callable[[pygame.Surface, tuple[int, int]], pygame.Surface] = ...,
    ) -> None: ...
    def set_image(
        self,
        new_image: pygame.Surface | None,
        image_is_alpha_premultiplied: bool = False,
        scale_func: Callable[[pygame.Surface, tuple[int, int]], pygame.Surface] = ...,
    ) -> None: ...

class UIDropDownMenu(UIContainer):
    def __init__(
        self,
        options_list: list[str | tuple[str, str]],
        starting_option: str | tuple[str, str],
        relative_rect: RectLike,
        manager: IUIManagerInterface | None = None,
        container: IContainerLikeInterface | None = None,
        parent_element: UIElement | None = None,
        object_id: ObjectID | str | None = None,
        expansion_height_limit: int | None = None,
        anchors: Anchors | None = None,
        visible: int = 1,
        *,
        expand_on_option_click: bool = True,
    ) -> None: ...
    selected_option: tuple[str, str]

class UIHorizontalSlider(UIElement):
    def __init__(
        self,
        relative_rect: RectLike,
        start_value: float | int,
        value_range: tuple[float | int, float | int],
        manager: IUIManagerInterface | None = None,
        container: IContainerLikeInterface | None = None,
        parent_element: UIElement | None = None,
        object_id: ObjectID | str | None = None,
        anchors: Anchors | None = None,
        visible: int = 1,
        click_increment: float | int = 1,
    ) -> None: ...
    def get_current_value(self) -> float | int: ...
    def set_current_value(self, value: float | int, warn: bool = True) -> None: ...

class UIVerticalScrollBar(UIElement):
    scroll_wheel_speed: float
    def set_scroll_from_start_percentage(self, new_start_percentage: float) -> None: ...

class UITextBox(UIElement):
    def __init__(
        self,
        html_text: str,
        relative_rect: RectLike,
        manager: IUIManagerInterface | None = None,
        wrap_to_height: bool = False,
        starting_height: int = 1,
        container: IContainerLikeInterface | None = None,
        parent_element: UIElement | None = None,
        object_id: ObjectID | str | None = None,
        anchors: Anchors | None = None,
        visible: int = 1,
        *,
        pre_parsing_enabled: bool = True,
        text_kwargs: dict[str, str] | None = None,
        allow_split_dashes: bool = True,
        plain_text_display_only: bool = False,
        should_html_unescape_input_text: bool = False,
        placeholder_text: str | None = None,
    ) -> None: ...
    html_text: str
    scroll_bar: UIVerticalScrollBar | None
    def set_text(self, html_text: str, *, text_kwargs: dict[str, str] | None = None) -> None: ...

class UILabel(UIElement):
    def __init__(
        self,
        relative_rect: RectLike | Coordinate,
        text: str,
        manager: IUIManagerInterface | None = None,
        container: IContainerLikeInterface | None = None,
        parent_element: UIElement | None = None,
        object_id: ObjectID | str | None = None,
        anchors: Anchors | None = None,
        visible: int = 1,
        *,
        text_kwargs: dict[str, str] | None = None,
    ) -> None: ...
    font: IGUIFontInterface | None
