"""``seahaven --install-desktop`` and ``--uninstall-desktop``: the game in the Linux desktop's
applications menu and software centre (freedesktop.org Desktop Entry and Icon Theme
specifications, AppStream).

Install writes ``applications/seahaven-towers.desktop``, the icon (PNG at each hicolor size,
plus the scalable SVG), the AppStream metainfo (``metainfo/<id>.metainfo.xml``) and the game
file's MIME type (``mime/packages/<id>.xml``, then ``update-mime-database``) under the
user's data folder (``$XDG_DATA_HOME``, else ``~/.local/share``) and prints each path; the
entry starts the program that ran the install (the one-file executable, or the ``seahaven``
script of the environment it is installed in), whatever characters its path holds.

Every file is written beside its place and renamed over it, so a symlink planted where a file
goes is replaced, never followed. The folders the install had to make are listed in the entry
(``X-Seahaven-Made-Folders``); uninstall removes exactly the files and, once they are empty,
exactly those folders. Standard library only.
"""

from __future__ import annotations

import argparse
import errno
import os
import re
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path

from seahaven import __version__
from seahaven.commands import USAGE, fail
from seahaven.commands.help_format import quoted
from seahaven.i18n import ENGLISH as ENGLISH_CODE
from seahaven.i18n import N_, NP_, Marked, _, shipped_languages, translation
from seahaven.resources import data_exists, desktop_install_allowed, read_data, resource_path

APP_ID = "io.github.seahaven_towers.seahaven_towers"
"""The one id of the game on a desktop (reverse DNS of the project's home page, GitHub's
``seahaven-towers`` written with ``_`` as AppStream asks; lower case, which ``appstreamcli
validate --pedantic`` prefers): the desktop entry's file name, the icon's name in the icon
theme, the AppStream component id and (build.spec) the macOS bundle identifier."""
COMPONENT_ID = APP_ID
LEGACY_APP_ID = "seahaven-towers"
"""The entry's and icon's name before version 0.1.0 took :data:`APP_ID`: an install or
uninstall removes the files an older install wrote under it."""
DEVELOPER_ID = "io.github.seahaven_towers"
HOMEPAGE = "https://github.com/seahaven-towers/seahaven-towers"
# Translators: the caption of the software centre's screenshot of the table: the game as it is being played.
SCREENSHOTS = (("table.png", N_("A deal in progress: ten columns, four cells and the foundations")),)
"""data/screenshots/ (made from the real game by tools/make_data.py), as the metainfo names them:
file name and caption (translated like every text of the metainfo). Their address is the file in
the repository at the release's tag."""
NAME = NP_("desktop entry", "Seahaven Towers")
"""The game's name in the menu and the software centre, in the form each language's solitaire
collections give it (KPat's German "Seahaven-Türme", Aisleriot's French "Tours de Seahaven");
a language whose peers keep the English name keeps it."""
RELEASE_NOTES = "release notes"
"""The context of each release note of CHANGELOG.md in the catalogs: ``tools/i18n.py extract``
takes every note (:func:`changelog_releases`) into the template, translators word it in each
language's catalog, and the metainfo shows each release's notes in every language that has
them."""
GENERIC_NAME = NP_("desktop entry", "Solitaire")
SUMMARY = N_("Solitaire with exact rules, honest hints and shareable game codes")
KEYWORDS = NP_("desktop entry keywords, separated by semicolons", "solitaire;patience;cards;card game;")
"""The words a menu search finds the game by (the translation keeps the semicolons)."""
DESCRIPTION = N_("Seahaven Towers is a patience game played with open cards: build each suit from ace to king on "
                 "the foundations, moving cards between ten columns and four cells. Nothing is hidden, so every "
                 "deal can be thought through.")
FEATURES = (N_("The rules exactly as the game describes them, with undo and redo to the first move"),
            N_("A solver that gives honest hints and says when a game can no longer be won"),
            N_("Winnable-only deals and difficulty by number of cells"),
            N_("Game codes to share, so a friend can play the very same deal"))
"""The software centre's description: a paragraph and a list (AppStream ``<p>``, ``<li>``)."""
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""The PNG sizes in icons/ (tools/make_icons.py), each installed under hicolor/<n>x<n>/apps."""
GAME_FILE_TYPE = "application/x-seahaven-game"
GAME_FILE_GLOB = "*.seahaven"
"""A game file's MIME type and name (``seahaven.app.state.game_record``'s; a test holds them equal):
the entry opens it (``seahaven FILE``), the shared MIME info names it."""
GAME_FILE_COMMENT = NP_("file type", "Seahaven Towers game")
FILE_FIELD = "%f"
"""The Exec field code of a file opened with the game (a double-clicked game file)."""
MADE_FOLDERS_KEY = "X-Seahaven-Made-Folders"
"""The entry's record of the folders the install created (relative to the data folder)."""
_RESERVED = set(' \t\n"\'\\><~|&;$*?#()`')
"""Characters that make an Exec argument need quoting (Desktop Entry spec, "The Exec key")."""
_STRING_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}
"""The escapes of a desktop-entry string value ("Possible value types")."""


class UnusablePath(ValueError):
    """The program's path cannot be written into a desktop entry."""


def _xml_text(text: str) -> str:
    """``text`` as XML character data (the executable leaves the ``xml`` package out)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options are the top-level ``--install-desktop`` and ``--uninstall-desktop``."""


def data_home(environ: Mapping[str, str] = os.environ) -> Path:
    """``$XDG_DATA_HOME`` if it is set to an absolute path, else ``~/.local/share`` (XDG spec)."""
    value = environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path(environ.get("HOME") or Path.home()) / ".local" / "share"


def launch_command() -> list[str]:
    """How the desktop starts this game: the absolute path of the running executable when
    frozen, else the ``seahaven`` script beside this Python, else ``python -m seahaven``."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    python = Path(sys.executable).absolute()  # not resolved: a venv's python is a symlink
    script = python.parent / "seahaven"
    if script.is_file() and os.access(script, os.X_OK):
        return [str(script)]
    return [str(python), "-m", "seahaven"]


def check_path(text: str) -> str:
    """``text`` if a desktop entry can hold it (UTF-8, and no control character but the tab and
    line breaks that :func:`string_value` escapes), else :class:`UnusablePath`."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # Translators: an error on the command line (seahaven --install-desktop); {path} is the program's path.
        raise UnusablePath(_("The program's path {path} is not valid UTF-8, which a desktop entry needs; move the "
                             "program to a folder with a plainer name.").format(path=quoted(text, None))) from None
    if any((ord(char) < 0x20 or ord(char) == 0x7F) and char not in _STRING_ESCAPES for char in text):
        # Translators: an error on the command line (seahaven --install-desktop); {path} is the program's path.
        raise UnusablePath(_("The program's path {path} holds a control character, which a desktop entry cannot "
                             "hold; move the program to a folder with a plainer name.").format(path=quoted(text, None)))
    return text


def string_value(text: str) -> str:
    """``text`` as a desktop-entry string: backslash, tab and line breaks escaped, so that no
    value can ever run onto a line of its own."""
    return "".join(_STRING_ESCAPES.get(char, char) for char in check_path(text))


def exec_value(command: list[str]) -> str:
    """The value of the ``Exec`` key for ``command``: arguments quoted where the spec asks,
    ``%`` doubled (no field codes), then escaped as a desktop-entry string."""
    quoted = []
    for argument in command:
        if any(char in _RESERVED for char in argument):
            argument = '"' + "".join("\\" + c if c in '"`$\\' else c for c in argument) + '"'
        quoted.append(argument.replace("%", "%%"))
    return string_value(" ".join(quoted))


def entry_command(command: list[str]) -> list[str]:
    """The command the ``Exec`` key holds for ``command``. GLib looks for the program named by
    the first word of ``Exec`` before turning ``%%`` back into ``%``, so it refuses an entry whose
    program's path holds a ``%``; such a program is started through ``/bin/sh``, which gets the
    path as an argument (where ``%%`` is undone at launch, as the spec says)."""
    if "%" in command[0]:
        return ["/bin/sh", "-c", 'exec "$0" "$@"', *command]
    return command


def _in(code: str, message: str) -> str:
    """``message`` (marked by ``N_`` or ``NP_``) in language ``code``."""
    catalog = translation(code)
    context = getattr(message, "context", None)
    return catalog.pgettext(context, str(message)) if context else catalog.gettext(message)


def _translated(message: str) -> list[tuple[str, str]]:
    """(language code, text) for each shipped language whose catalog words ``message``
    apart from the English."""
    found = []
    for code in shipped_languages()[1:]:
        text = _in(code, message)
        if text and text != str(message):
            found.append((code, text))
    return found


def _localized_keys(key: str, message: str) -> str:
    """``Key[ll]=text`` lines for ``message`` in every language that translates it."""
    return "".join(f"{key}[{code}]={string_value(text)}\n" for code, text in _translated(message))


def _localized_elements(tag: str, message: str, indent: str) -> str:
    """``<tag xml:lang="ll">text</tag>`` lines for ``message`` in every language that translates it."""
    return "".join(f'{indent}<{tag} xml:lang="{code}">{_xml_text(text)}</{tag}>\n'
                   for code, text in _translated(message))


def _keywords(code: str) -> list[str]:
    return [word.strip() for word in _in(code, KEYWORDS).split(";") if word.strip()]


def _keyword_lines() -> str:
    """``Keywords=`` and its translations: each language's words, semicolon-separated and
    ended (a translator's missing last semicolon or a stray space does not break the list)."""
    lines = [f"Keywords={';'.join(_keywords(ENGLISH_CODE))};\n"]
    for code, _text in _translated(KEYWORDS):
        lines.append(f"Keywords[{code}]={string_value(';'.join(_keywords(code)))};\n")
    return "".join(lines)


def desktop_entry(command: list[str], made_folders: Iterable[str] = ()) -> str:
    """The text of the ``.desktop`` file. ``TryExec`` is the program's bare path (no quoting:
    GLib looks it up as it stands and hides the entry when no such file exists). SDL names the
    window's X11 class after the program file, so ``StartupWMClass`` lets docks match the
    game's window to a pinned entry."""
    window_class = f"StartupWMClass={string_value(Path(command[0]).name)}\n" if len(command) == 1 else ""
    made = ";".join(made_folders)
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Version=1.4\n"
        f"Name={NAME}\n"
        + _localized_keys("Name", NAME)
        + f"GenericName={GENERIC_NAME}\n"
        + _localized_keys("GenericName", GENERIC_NAME)
        + f"Comment={SUMMARY}\n"
        + _localized_keys("Comment", SUMMARY)
        + f"Exec={exec_value(entry_command(command))} {FILE_FIELD}\n"
        f"TryExec={string_value(command[0])}\n"
        f"Icon={APP_ID}\n"
        "Terminal=false\n"
        "Categories=Game;CardGame;\n"
        f"MimeType={GAME_FILE_TYPE};\n"
        + _keyword_lines()
        + f"{window_class}"
        f"X-Seahaven-Version={__version__}\n"
        + (f"{MADE_FOLDERS_KEY}={made};\n" if made else "")
    )


def mime_info() -> str:
    """The shared MIME info of a game file (freedesktop.org Shared MIME-info), installed as
    ``mime/packages/<id>.xml``: its type, a JSON text, named by its extension."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">\n'
        f'  <mime-type type="{GAME_FILE_TYPE}">\n'
        f"    <comment>{_xml_text(str(GAME_FILE_COMMENT))}</comment>\n"
        + _localized_elements("comment", GAME_FILE_COMMENT, "    ")
        + '    <sub-class-of type="application/json"/>\n'
        f'    <glob pattern="{GAME_FILE_GLOB}"/>\n'
        "  </mime-type>\n"
        "</mime-info>\n"
    )


def mime_path(home: Path) -> Path:
    return home / "mime" / "packages" / f"{APP_ID}.xml"


def update_mime_database(home: Path) -> None:
    """Let the desktop know the game file's type now (``update-mime-database``, where the
    system has it; without it the type is known at the next login's update, or never)."""
    import contextlib
    import shutil
    import subprocess

    tool = shutil.which("update-mime-database")
    if tool is None or not (home / "mime").is_dir():
        return
    # a failure leaves the type declared: the desktop learns it at its next update
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run([tool, str(home / "mime")], capture_output=True, timeout=60, check=False)


MIME_DATABASE = ("aliases", "generic-icons", "globs", "globs2", "icons", "magic", "mime.cache", "subclasses",
                 "treemagic", "types", "version", "XMLnamespaces")
"""The files ``update-mime-database`` writes in ``mime/`` (derived from ``mime/packages/``)."""


def mime_database_files(home: Path) -> list[Path]:
    """What ``update-mime-database`` derived from the game's MIME info: its cache files and
    the type's own file (not the game's: the database's, rebuilt from ``mime/packages``)."""
    mime = home / "mime"
    major, minor = GAME_FILE_TYPE.split("/")
    return [*(mime / name for name in MIME_DATABASE), mime / major / f"{minor}.xml"]


def _forget_mime_type(home: Path, made: list[str]) -> None:
    """After uninstall removed the MIME info: the database forgets the type. Where no other
    program's MIME info is left and the install made ``mime/``, the database it derived goes
    too (so nothing of the game's is left); else it is rebuilt without the type."""
    packages = home / "mime" / "packages"
    try:
        others = packages.is_dir() and any(packages.iterdir())
    except OSError:
        others = True
    if others or "mime" not in made:
        update_mime_database(home)
        return
    for path in mime_database_files(home):
        path.unlink(missing_ok=True)
    import contextlib

    with contextlib.suppress(OSError):  # another type's file is there, or it is gone already
        (home / "mime" / GAME_FILE_TYPE.split("/")[0]).rmdir()


def _feature_items() -> str:
    lines = []
    for feature in FEATURES:
        lines.append(f"      <li>{_xml_text(feature)}</li>\n")
        lines.append(_localized_elements("li", feature, "      "))
    return "".join(lines)


def _keyword_elements() -> str:
    lines = [f"    <keyword>{_xml_text(word)}</keyword>\n" for word in _keywords(ENGLISH_CODE)]
    for code, _text in _translated(KEYWORDS):
        lines += [f'    <keyword xml:lang="{code}">{_xml_text(word)}</keyword>\n' for word in _keywords(code)]
    return "".join(lines)


def metainfo() -> str:
    """The AppStream metainfo: what a software centre shows about the game."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>{COMPONENT_ID}</id>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>MIT AND OFL-1.1</project_license>
  <name>{_xml_text(NAME)}</name>
{_localized_elements("name", NAME, "  ")}  <summary>{_xml_text(SUMMARY)}</summary>
{_localized_elements("summary", SUMMARY, "  ")}  <developer id="{DEVELOPER_ID}">
    <name>The Seahaven Towers authors</name>
  </developer>
  <description>
    <p>{_xml_text(DESCRIPTION)}</p>
{_localized_elements("p", DESCRIPTION, "    ")}    <ul>
{_feature_items()}    </ul>
  </description>
  <launchable type="desktop-id">{APP_ID}.desktop</launchable>
  <url type="homepage">{HOMEPAGE}</url>
  <url type="bugtracker">{HOMEPAGE}/issues</url>
  <url type="vcs-browser">{HOMEPAGE}</url>
{_screenshots()}
  <categories>
    <category>Game</category>
    <category>CardGame</category>
  </categories>
  <keywords>
{_keyword_elements()}  </keywords>
  <provides>
    <binary>seahaven</binary>
  </provides>
  <content_rating type="oars-1.1"/>
  <supports>
    <control>pointing</control>
    <control>keyboard</control>
    <control>touch</control>
  </supports>
{_branding()}
{_releases()}
</component>
"""


def _branding() -> str:
    """The metainfo's ``<branding>``: the green felt's colours (the theme's), the lighter one for
    a software centre in its light scheme, the darker for its dark scheme."""
    from seahaven.app.looks.theme import GREEN

    def hex_of(colour: tuple[int, int, int]) -> str:
        return "#" + "".join(f"{part:02x}" for part in colour)

    return f"""  <branding>
    <color type="primary" scheme_preference="light">{hex_of(GREEN.felt_top)}</color>
    <color type="primary" scheme_preference="dark">{hex_of(GREEN.felt_bottom)}</color>
  </branding>"""


def _screenshots() -> str:
    """The metainfo's ``<screenshots>``: :data:`SCREENSHOTS` at the release's tag."""
    base = f"{HOMEPAGE.replace('github.com', 'raw.githubusercontent.com')}/v{__version__}/data/screenshots"
    image = '<image type="source" width="1280" height="800">'
    shots = "".join(f"""    <screenshot{' type="default"' if index == 0 else ''}>
      <caption>{_xml_text(caption)}</caption>
{_localized_elements("caption", caption, "      ")}      {image}{base}/{name}</image>
    </screenshot>
""" for index, (name, caption) in enumerate(SCREENSHOTS))
    return f"  <screenshots>\n{shots}  </screenshots>"


def changelog_releases(text: str) -> list[tuple[str, str, list[str]]]:
    """The releases of CHANGELOG.md, newest first: (version, date, the notes' bullet points).
    A release is a ``## VERSION (YYYY-MM-DD)`` heading; its notes, the ``- `` lines under it."""
    releases: list[tuple[str, str, list[str]]] = []
    for line in text.splitlines():
        heading = re.fullmatch(r"## ([0-9][0-9.]*) \(([0-9]{4}-[0-9]{2}-[0-9]{2})\)\s*", line)
        if heading:
            releases.append((heading[1], heading[2], []))
        elif releases and line.startswith("- "):
            releases[-1][2].append(line[2:].strip())
        elif releases and line.startswith("  ") and releases[-1][2]:
            releases[-1][2][-1] += " " + line.strip()
    return releases


def _releases() -> str:
    """The metainfo's ``<releases>``, with the notes of each from CHANGELOG.md, in English and
    in every language whose catalog words them (context :data:`RELEASE_NOTES`)."""
    entries = []
    for version, date, notes in changelog_releases(resource_path("CHANGELOG.md").read_text(encoding="utf-8")):
        items = "".join(f"          <li>{_xml_text(note)}</li>\n"
                        + _localized_elements("li", Marked(RELEASE_NOTES, note), "          ") for note in notes)
        entries.append(f"""    <release version="{version}" date="{date}">
      <description>
        <ul>
{items}        </ul>
      </description>
    </release>
""")
    return "  <releases>\n" + "".join(entries) + "  </releases>"


def entry_path(home: Path) -> Path:
    return home / "applications" / f"{APP_ID}.desktop"


def installed_files(home: Path) -> dict[Path, Path | None]:
    """Every file the install writes -> the shipped file it copies (None: written from text)."""
    icons = home / "icons" / "hicolor"
    files: dict[Path, Path | None] = {entry_path(home): None,
                                      home / "metainfo" / f"{COMPONENT_ID}.metainfo.xml": None,
                                      mime_path(home): None}
    for size in ICON_SIZES:
        files[icons / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = resource_path("icons", f"seahaven-{size}.png")
    files[icons / "scalable" / "apps" / f"{APP_ID}.svg"] = resource_path("icons", "seahaven.svg")
    return files


def legacy_files(home: Path) -> list[Path]:
    """The entry and icons an install before :data:`APP_ID` wrote under :data:`LEGACY_APP_ID`."""
    icons = home / "icons" / "hicolor"
    return [home / "applications" / f"{LEGACY_APP_ID}.desktop",
            *(icons / f"{size}x{size}" / "apps" / f"{LEGACY_APP_ID}.png" for size in ICON_SIZES),
            icons / "scalable" / "apps" / f"{LEGACY_APP_ID}.svg"]


def candidate_folders(home: Path) -> list[str]:
    """The folders an install may create, deepest first, as paths relative to ``home``: those
    under it, then ``home`` itself (``.``) and its ancestors (``..``, ``../..``; never the
    root). These are the only folders uninstall will ever remove, and only the ones recorded
    as made, once empty."""
    folders: set[Path] = set()
    for target in installed_files(home):
        folder = target.parent
        while folder != home and folder.is_relative_to(home):
            folders.add(folder.relative_to(home))
            folder = folder.parent
    below = sorted((folder.as_posix() for folder in folders), key=lambda name: (-name.count("/"), name))
    above = ["/".join([".."] * depth) or "." for depth in range(len(folder_path(home, ".").parents))]
    return below + above


def folder_path(home: Path, name: str) -> Path:
    """The folder ``name`` of :func:`candidate_folders` (``..`` taken as written, not through
    symlinks, as the install made them)."""
    return Path(os.path.normpath(home / name))


def recorded_folders(home: Path) -> list[str]:
    """The folders the entry says an earlier install made, among the candidates only, in the
    candidates' order (deepest first)."""
    for entry in (entry_path(home), legacy_files(home)[0]):
        try:
            text = entry.read_text(encoding="utf-8")
            break
        except (OSError, UnicodeDecodeError):
            continue
    else:
        return []
    for line in text.splitlines():
        if line.startswith(f"{MADE_FOLDERS_KEY}="):
            names = set(line.split("=", 1)[1].split(";"))
            return [name for name in candidate_folders(home) if name in names]
    return []


def _write(target: Path, data: bytes) -> None:
    """``data`` into ``target`` through a new file beside it, renamed over it: a symlink (or
    anything) at ``target`` is replaced, and the file it pointed to is left alone."""
    descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def install(home: Path) -> list[Path]:
    """Write the desktop entry, the metainfo and the icons under ``home``; return the paths
    written. Nothing is written when the program's path cannot go into an entry."""
    files = installed_files(home)
    missing = [str(source) for source in files.values() if source is not None and not data_exists(source)]
    if missing:
        raise FileNotFoundError(f"the icon {missing[0]} is missing from this installation")
    command = launch_command()
    desktop_entry(command)  # an unusable path stops here, before any folder is made
    made = {name for name in recorded_folders(home) if folder_path(home, name).is_dir()}
    made.update(name for name in candidate_folders(home) if not os.path.lexists(folder_path(home, name)))
    entry = entry_path(home)
    for old in legacy_files(home):  # an older install's entry would stand beside the new one
        old.unlink(missing_ok=True)
    for target, source in files.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        if source is not None:
            _write(target, read_data(source))
        elif target == mime_path(home):
            _write(target, mime_info().encode("utf-8"))
        elif target != entry:
            _write(target, metainfo().encode("utf-8"))
    ordered = [name for name in candidate_folders(home) if name in made]
    _write(entry, desktop_entry(command, ordered).encode("utf-8"))  # last: it records the folders
    update_mime_database(home)
    return list(files)


def uninstall(home: Path) -> tuple[list[Path], list[Path]]:
    """Remove the files ``install`` writes (and nothing else), then the folders it made that
    are now empty; return the files and the folders removed."""
    made = recorded_folders(home)
    removed = []
    for target in [*installed_files(home), *legacy_files(home)]:
        try:
            target.unlink()
        except FileNotFoundError:
            continue
        removed.append(target)
    if mime_path(home) in removed:
        _forget_mime_type(home, made)  # the type goes from the database too
    folders = []
    for name in made:  # deepest first
        try:
            folder_path(home, name).rmdir()
        except OSError:  # not empty (the player's own files), already gone, or not a folder
            continue
        folders.append(folder_path(home, name))
    return removed, folders


def run(args: argparse.Namespace) -> int:
    if sys.platform in ("win32", "darwin"):
        return fail(None, _("--install-desktop and --uninstall-desktop are for Linux and other freedesktop.org "
                            "desktops."))
    if not getattr(args, "uninstall_desktop", False) and not desktop_install_allowed():
        # a distribution's package installs the desktop entry, icons and metainfo system-wide
        return fail(None, _("this copy of the game was installed by a package, which already puts it in the "
                            "applications menu; --install-desktop is for copies installed with pip or pipx."), USAGE)
    home = data_home()
    try:
        return _install_or_uninstall(args, home)
    except UnusablePath as error:
        return fail(None, str(error))
    except OSError as error:
        removing = bool(getattr(args, "uninstall_desktop", False))
        return fail(None, folder_trouble(error, home, removing))


def folder_trouble(error: OSError, home: Path, removing: bool = False) -> str:
    """Why the applications menu under ``home`` cannot be written (``removing``: cleared),
    in one sentence of ours (never the system's "[Errno 20]...")."""
    if error.errno is None:  # one of ours (an icon missing from this installation)
        return str(error)
    where = error.filename if isinstance(error.filename, str) else str(home)
    reasons = {
        # Translators: the reason after "The game cannot be added to the applications menu under {home}: …"; {where} is
        # a path. “Is in the way” means something already stands where the game must make or use this and blocks it (say
        # it as your system does, not word for word).
        errno.ENOTDIR: N_("a file is in the way of the folder {where}"),
        # Translators: the reason after "The game cannot be added to the applications menu under {home}: …"; {where} is
        # a path. “Is in the way” means something already stands where the game must make or use this and blocks it (say
        # it as your system does, not word for word).
        errno.EEXIST: N_("something that is not a folder is in the way at {where}"),
        # Translators: the reason after "The game cannot be added to the applications menu under {home}: …"; {where} is
        # a path.
        errno.EACCES: N_("{where} may not be written by this user"),
        errno.EPERM: N_("{where} may not be written by this user"),
        # Translators: the reason after "The game cannot be added to the applications menu under {home}: …"; {where} is
        # a path.
        errno.EROFS: N_("{where} is on a disk that is read-only"),
        # Translators: the reason after "The game cannot be added to the applications menu under {home}: …"; {where} is
        # a path.
        errno.ENOSPC: N_("the disk that holds {where} is full"),
        # Translators: the reason after "The game cannot be added to the applications menu under {home}: …"; {where} is
        # a path.
        errno.ENAMETOOLONG: N_("the path {where} is too long"),
        # Translators: the reason after "The game cannot be added to the applications menu under {home}: …"; {where} is
        # a path.
        errno.ELOOP: N_("{where} goes through too many symbolic links"),
    }
    reason = _(reasons.get(error.errno or 0, N_("{where} cannot be written"))).format(where=where)
    if removing:
        # Translators: an error on the command line; {home} is the user's applications folder, {reason} one of the
        # reasons like "the disk that holds … is full".
        return _("The game cannot be removed from the applications menu under {home}: {reason}.").format(
            home=home, reason=reason)
    # Translators: an error on the command line; {home} is the user's applications folder, {reason} one of the reasons
    # like "the disk that holds … is full".
    return _("The game cannot be added to the applications menu under {home}: {reason}.").format(
        home=home, reason=reason)


def _install_or_uninstall(args: argparse.Namespace, home: Path) -> int:
    if getattr(args, "uninstall_desktop", False):
        removed, folders = uninstall(home)
        for path in removed:
            # Translators: a line printed by seahaven --uninstall-desktop for each file it deleted; {path} is the file's
            # path.
            print(_("removed {path}").format(path=path))
        for path in folders:
            print(_("removed {path}").format(path=f"{path}{os.sep}"))
        if not removed:
            # Translators: printed by seahaven --uninstall-desktop; {home} is the user's applications folder.
            print(_("nothing to remove: the game is not in the applications menu under {home}").format(home=home))
        return 0
    written = install(home)
    for path in written:
        # Translators: a line printed by seahaven --install-desktop for each file it wrote; {path} is the file's path.
        print(_("wrote {path}").format(path=path))
    return 0
