"""No catalogue holds keys the code never uses."""

import pathlib
import re

from scenes.services.translation import load_catalogue

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = "\n".join(
    [p.read_text(encoding="utf-8") for p in (ROOT / "scenes").rglob("*.py")]
    + [p.read_text(encoding="utf-8") for p in (ROOT / "online" / "web").glob("*.js")]
)
"""The client's code and the web seat's page (its scripts name the keys they use)."""
DYNAMIC = set(re.findall(r'f"([a-z_.]+)\.\{', SOURCE)) | set(re.findall(r"f'([a-z_.]+)\.\{", SOURCE))
NUMBERED = set(re.findall(r'f"([a-z_.]+[a-z])\{', SOURCE))  # f"menu.seat{seat}"


def used(key: str) -> bool:
    if f'"{key}"' in SOURCE or f"'{key}'" in SOURCE:
        return True
    if key.endswith(".you") and re.search(rf'says\(\s*"{re.escape(key[:-4])}"', SOURCE):
        return True  # Names.says picks the ".you" form of a sentence about the viewer
    same = re.fullmatch(r"(.+?)(\.same)?(\.you)?", key)
    if same and (same.group(2) or same.group(3)) and re.search(rf'by_ends\(\s*"{re.escape(same.group(1))}"', SOURCE):
        return True  # by_ends picks a sentence's ".same" form (one number at both ends)
    if any(key.startswith(p) and key[len(p) :].isdigit() for p in NUMBERED):
        return True
    prefix = key
    while "." in prefix:
        prefix = prefix.rsplit(".", 1)[0]
        if prefix in DYNAMIC:
            return True
    return False


def test_every_english_key_is_used_by_the_code():
    keys = load_catalogue("en")
    unused = sorted(key for key in keys if not used(key))
    assert unused == []
