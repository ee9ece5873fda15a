"""The one careful reader and writer for every file the game and the command line open.

Reading looks at what the path is before opening it, opens without blocking and checks
again on the open file, so a folder, a named pipe or a device is refused, never read: it
cannot hang the program. Writing goes to a new file beside the target, flushed to the
disk and renamed over it, so the target holds the old or the new text, never half.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import re
import secrets
import stat

from game.core.errors import MissingFile, UnreadableFile, UnwritableFile, capped
from game.core.jsonfile import parse_json

MB = 1 << 20
_READ = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
_WRITE = os.O_WRONLY | os.O_CREAT | os.O_EXCL
_COMMON = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)

_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the disk is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOTDIR: "a file stands where a folder should be",
    errno.EEXIST: "a file stands where a folder should be",
    errno.EISDIR: "it is a folder",
    errno.ENOENT: "the folder does not exist",
    errno.ENAMETOOLONG: "the name is too long",
}


def reason(error: OSError) -> str:
    """A short reason for a failed file operation."""
    known = _REASONS.get(error.errno or 0)
    return capped(known or error.strerror or str(error) or type(error).__name__, 120)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _check_regular(mode: int, size: int, limit: int) -> None:
    if not stat.S_ISREG(mode):
        raise UnreadableFile(f"it is {_kind(mode)}, not a file" if stat.S_ISDIR(mode) else f"it is {_kind(mode)}")
    if size > limit:
        raise UnreadableFile(f"it is larger than {limit / MB:g} MB")


def read_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The content of the regular file ``path``, at most ``limit`` bytes.

    Raises MissingFile when there is no file, UnreadableFile with a short reason when it
    is not a regular file, is larger than ``limit`` or the system refuses to read it.
    """
    try:
        info = os.stat(path)
        _check_regular(info.st_mode, info.st_size, limit)
        descriptor = os.open(path, _READ | _COMMON)
    except FileNotFoundError:
        raise MissingFile("there is no such file") from None
    except UnreadableFile:
        raise
    except (OSError, ValueError) as error:  # ValueError: a path holding a NUL character
        raise UnreadableFile(reason(error) if isinstance(error, OSError) else "not a valid path") from None
    try:
        info = os.fstat(descriptor)
        _check_regular(info.st_mode, info.st_size, limit)
        chunks: list[bytes] = []
        total = 0
        whole = info.st_size + 1  # read at once (not held twice to be joined); one more tells a file that grew
        while chunk := os.read(descriptor, min(whole - total if total < whole else MB, limit + 1 - total)):
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                _check_regular(info.st_mode, total, limit)
    except UnreadableFile:
        raise
    except OSError as error:
        raise UnreadableFile(reason(error)) from None
    finally:
        os.close(descriptor)
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str], limit: int) -> str:
    """The UTF-8 text of ``path``; raises as ``read_bytes`` does, and UnreadableFile when it is not UTF-8."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableFile(f"it is not UTF-8 text (byte {error.start})") from None


_PIECE = 1 << 16  # bytes read_utf8 decodes at a time


def read_utf8(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path`` once they are known to be UTF-8 text; raises as ``read_text`` does.

    The text is checked a piece at a time and not kept: nothing but the bytes grows with the file."""
    data = read_bytes(path, limit)
    decoder = codecs.getincrementaldecoder("utf-8")()
    with memoryview(data) as view:
        for start in range(0, len(data), _PIECE):
            held = len(decoder.getstate()[0])  # the first bytes of a character the last piece cut
            try:
                decoder.decode(view[start : start + _PIECE], final=start + _PIECE >= len(data))
            except UnicodeDecodeError as error:
                raise UnreadableFile(f"it is not UTF-8 text (byte {start - held + error.start})") from None
    return data


def read_json(path: str | os.PathLike[str], limit: int) -> object:
    """The JSON value in ``path``; raises as ``read_text`` does, and BadJson when it is not JSON within limits."""
    return parse_json(read_text(path, limit))


PRIVATE_FILE, PRIVATE_FOLDER = 0o600, 0o700
"""The modes of a file that holds a secret (seat tokens, a host's key), and of the folders
made for it: only the user who runs the program may read them."""


def write_atomic(path: str | os.PathLike[str], text: str, make_folders: bool = False, private: bool = False) -> None:
    """Replace the file ``path`` with ``text`` (UTF-8), so that it holds the old or the new text.

    The text goes to a temporary file with a unique name in the same folder, which is
    flushed to the disk and renamed over ``path``; then the folder is flushed so the
    rename lasts. ``make_folders`` creates missing folders first. A ``private`` file (it
    holds a secret) is readable by its owner only, and so are the folders made for it.
    On any failure the temporary file is removed, ``path`` is left as it was and
    UnwritableFile says why (a full disk, a read-only folder, a file where a folder
    should be, ...; its ``errno`` is the system's).
    """
    data = text.encode("utf-8")
    target = os.path.realpath(path)  # through a symbolic link, which stays
    folder = os.path.dirname(target)
    try:
        if make_folders:
            _make_folders(folder, PRIVATE_FOLDER if private else 0o777)
        with contextlib.suppress(FileNotFoundError):
            mode = os.stat(target).st_mode
            if not stat.S_ISREG(mode):
                raise UnwritableFile(f"{_kind(mode)} is in the way")
        temporary = os.path.join(folder, f".{os.path.basename(target)}.{secrets.token_hex(6)}.tmp")
        descriptor = os.open(temporary, _WRITE | _COMMON, PRIVATE_FILE if private else 0o666)
    except UnwritableFile:
        raise
    except OSError as error:
        raise unwritable(error) from None
    try:
        with open(descriptor, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise unwritable(error) from None
        raise
    _sync_folder(folder)


def unwritable(error: OSError) -> UnwritableFile:
    """``error`` as an UnwritableFile: the short reason, and the system's error number."""
    failed = UnwritableFile(reason(error))
    failed.errno = error.errno
    return failed


def _make_folders(folder: str | os.PathLike[str], mode: int) -> None:
    """Make ``folder`` and each missing folder above it with ``mode`` (within the umask)."""
    missing = []
    path = os.path.abspath(folder)
    while not os.path.isdir(path) and os.path.dirname(path) != path:
        missing.append(path)
        path = os.path.dirname(path)
    for path in reversed(missing):
        with contextlib.suppress(FileExistsError):  # made meanwhile by another writer
            os.mkdir(path, mode)


def make_private_folder(folder: str | os.PathLike[str]) -> None:
    """Make ``folder`` (and each missing folder above it) readable by its owner only;
    UnwritableFile when it cannot be."""
    try:
        _make_folders(folder, PRIVATE_FOLDER)
        os.chmod(folder, PRIVATE_FOLDER)
    except OSError as error:
        raise unwritable(error) from None


_TEMPORARY = re.compile(r"\..+\.(?:[0-9a-f]{12}|[0-9]+)\.tmp")  # write_atomic's, and the older ``.<pid>.tmp``
STALE_AFTER = 30.0  # seconds after which a temporary file is a write that will never finish


def remove_stale_temporaries(folder: str | os.PathLike[str], now: float) -> int:
    """Remove from ``folder`` the temporary files of writes that were cut short (the program
    killed mid-write) and are older than ``STALE_AFTER`` (a younger one may be another
    running copy's write) at the time ``now`` (seconds since the epoch, as the file times
    are); returns how many. A folder that cannot be read is left alone."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not _TEMPORARY.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_AFTER:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def _sync_folder(folder: str) -> None:
    """Flush a folder's entries (the rename) to the disk. Systems that cannot open a
    folder (Windows) or flush one skip it: the file itself is already written."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _COMMON)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
