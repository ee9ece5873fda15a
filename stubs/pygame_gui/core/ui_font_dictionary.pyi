from pygame_gui.core.interfaces import IUIFontDictionaryInterface
from pygame_gui.core.package_resource import PackageResource

class UIFontDictionary(IUIFontDictionaryInterface):
    def add_font_path(
        self,
        font_name: str,
        font_path: str | PackageResource,
        bold_path: str | PackageResource | None = None,
        italic_path: str | PackageResource | None = None,
        bold_italic_path: str | PackageResource | None = None,
    ) -> None: ...
