from importlib import resources as resources

from pygame_gui.core.package_resource import PackageResource as PackageResource
