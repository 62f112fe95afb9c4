"""The third-party notices of what a build really bundles, gathered when it is built.

    python tools/notices.py --check dist/seahaven     # the executable: every part it bundles has its notice
    python tools/notices.py --list dist/seahaven      # what it bundles, part by part

``build.spec`` calls :func:`write` with what PyInstaller's analysis collected: the Python
modules and the native libraries. Each is traced to the part it comes from:

- a Python distribution of the build environment (pygame-ce, platformdirs, accesskit), by the
  top-level package it installs: its notice is its own licence files (``*.dist-info/licenses/``
  or the licence files its ``RECORD`` lists); a distribution whose wheel carries none (pygame-ce)
  gets the licence text its metadata names, from ``tools/notices/``;
- Python itself (the standard library, ``libpython``, ``base_library.zip``): the ``LICENSE.txt``
  of the interpreter that builds, which also gives the notices of the code CPython carries;
- PyInstaller's bootloader and its bootstrap modules: PyInstaller's ``COPYING.txt``;
- a native library no distribution's licence covers (those pygame-ce's wheels vendor: SDL2,
  FreeType, HarfBuzz, libpng, zlib, Brotli, libogg, libvorbis..., and libffi or zlib taken from
  the build machine): its part in ``tools/notices/parts.toml``, by its file name;
- the codec stand-ins the Linux build makes (``tools/codec_stubs.py``): our own, no notice.

Anything that cannot be traced fails the build (:class:`Unaccounted`), so the file names every
part, and ``--check`` reads it back out of the executable and fails if a bundled file is missing
from its index. The file is ``THIRD-PARTY-NOTICES.txt``, beside ``LICENSE`` in the bundle.
Standard library only, but for ``--check`` and ``--list`` (PyInstaller's archive reader).
"""

from __future__ import annotations

import argparse
import importlib.metadata as metadata
import re
import sys
import sysconfig
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILE_NAME = "THIRD-PARTY-NOTICES.txt"
PYTHON = "Python"
PYINSTALLER = "PyInstaller"
OURS = "seahaven"
STAND_IN_MARK = b"Seahaven Towers stand-in (tools/codec_stubs.py)"
"""The string every codec stand-in carries (``tools/codec_stubs.py``), so a check can tell it
from the real library of the same name."""
LICENCE_FILE = re.compile(r"(^|/)(LICEN[CS]E|COPYING|NOTICE|AUTHORS)[^/]*$", re.IGNORECASE)
RULE = "=" * 78


class Unaccounted(Exception):
    """Files of the bundle traced to no part with a notice."""


@dataclass
class Part:
    """One third-party part of the bundle and its notice."""

    name: str
    version: str
    licence: str
    source: str
    texts: list[tuple[str, str]]
    """(title, text) of each licence file or notice."""
    files: list[str] = field(default_factory=list)
    """The bundle's files that come from it."""


def library_key(path: str) -> str:
    """A native library's name without folder, ``lib``, hash and version: ``pygame_ce.libs/
    libSDL2_ttf-2-e69aa315.0.so.0.2400.0`` -> ``sdl2_ttf``, ``pygame/libpng16-16.dll`` -> ``png16``,
    ``libz.1.3.1.zlib-ng.dylib`` -> ``z``."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    name = re.split(r"[-.]", name, maxsplit=1)[0]
    return name.removeprefix("lib").lower() if name.lower() != "lib" else name.lower()


def is_native_library(path: str) -> bool:
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    return bool(re.search(r"\.(so(\.[0-9]+)*|dll|dylib)$", name) or re.search(r"\.so\.", name)) or name == "Python"


def is_extension_module(path: str) -> bool:
    """A Python extension module (its distribution's own file), not a library it loads."""
    return bool(re.search(r"\.(cpython-[^/]*|abi3)\.so$|\.pyd$", path))


def vendored_parts() -> dict[str, dict[str, object]]:
    """parts.toml: part -> its table."""
    with open(HERE / "notices" / "parts.toml", "rb") as file:
        return tomllib.load(file)


SPDX_OF = {"accesskit": "MIT OR Apache-2.0", "pygame-ce": "LGPL-2.1-only",
           "pyinstaller": "GPL-2.0-or-later WITH Bootloader-exception"}
"""The SPDX expression of a distribution whose metadata gives none (its licence files say it)."""


def _distribution_licence(dist: metadata.Distribution) -> str:
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return str(expression)
    if str(meta["Name"]).lower() in SPDX_OF:
        return SPDX_OF[str(meta["Name"]).lower()]
    licence = meta.get("License")
    if licence and len(licence) < 80 and "\n" not in licence:
        return str(licence)
    classifiers = [c.rsplit(" :: ", 1)[-1] for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    return " AND ".join(classifiers) or "see its licence files below"


FALLBACK_TEXTS = {"LGPL-2.1-only": "LGPL-2.1.txt", "LGPL-2.1-or-later": "LGPL-2.1.txt"}
"""A distribution's licence -> the text used where its wheel carries none (pygame-ce's)."""
FALLBACK_COPYRIGHT = {"pygame-ce": "Copyright (C) 2000-2024 Pete Shinners, Rene Dudfield, Marcus von Appen, "
                                   "Lenard Lindstrom, Brian Fisher and the pygame-ce contributors"}


def distribution_part(dist: metadata.Distribution) -> Part:
    """A Python distribution of the build environment and its own licence files."""
    name, version = dist.metadata["Name"], dist.version
    licence = _distribution_licence(dist)
    texts = []
    for file in sorted(dist.files or [], key=str):
        if LICENCE_FILE.search(str(file)):
            path = Path(str(file.locate()))
            if path.is_file():
                texts.append((str(file).rsplit("/", 1)[-1], path.read_text(encoding="utf-8", errors="replace")))
    if not texts and licence in FALLBACK_TEXTS:
        copyright_line = FALLBACK_COPYRIGHT.get(name, "")
        text = (HERE / "notices" / FALLBACK_TEXTS[licence]).read_text(encoding="utf-8")
        texts.append((f"{licence} (the wheel carries no licence file)", f"{copyright_line}\n\n{text}".lstrip()))
    return Part(name, version, licence, dist.metadata.get("Home-page") or _project_url(dist), texts)


def _project_url(dist: metadata.Distribution) -> str:
    for entry in dist.metadata.get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        if label.strip().lower() in ("homepage", "source", "source code", "repository"):
            return url.strip()
    return ""


def python_part() -> Part:
    """The interpreter: its LICENSE.txt (the PSF licence, and the notices of what CPython carries)."""
    candidates = [Path(sysconfig.get_path("stdlib"), "LICENSE.txt"), Path(sys.base_prefix, "LICENSE.txt"),
                  Path(sys.base_prefix, "LICENSE")]
    for path in candidates:
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            return Part(PYTHON, sys.version.split()[0], "PSF-2.0", "https://www.python.org/", [(path.name, text)])
    raise Unaccounted(f"the Python that builds has no LICENSE.txt (looked at {', '.join(map(str, candidates))}); "
                      "build with a Python that ships it (python.org's, pyenv's, actions/setup-python's)")


def vendored_part(key: str, table: dict[str, object]) -> Part:
    copyright_lines = "\n".join(str(line) for line in table["copyright"])
    text = (HERE / "notices" / str(table["text"])).read_text(encoding="utf-8")
    return Part(str(table["name"]), "as bundled", str(table["licence"]), str(table["source"]),
                [(str(table["text"]).removesuffix(".txt"), f"{copyright_lines}\n\n{text}")])


def gather(modules: Iterable[str], binaries: Iterable[tuple[str, str]], stand_ins: Iterable[str] = (),
           bootloader: bool = True) -> list[Part]:
    """The parts of a bundle: ``modules`` are the Python modules it holds (dotted names),
    ``binaries`` its native files as (name in the bundle, source path), ``stand_ins`` the names
    of those that are our codec stand-ins, ``bootloader`` whether PyInstaller's bootloader starts
    it (a one-file executable: always). Raise :class:`Unaccounted` for what has no part."""
    owners = metadata.packages_distributions()
    stdlib = set(sys.stdlib_module_names)
    parts: dict[str, Part] = {}
    vendored = vendored_parts()
    by_library = {str(name): key for key, table in vendored.items() for name in table["libraries"]}
    stand_ins = set(stand_ins)
    missing: list[str] = []

    def add(key: str, make: object, file: str) -> None:
        if key not in parts:
            parts[key] = make()
        parts[key].files.append(file)

    def python_owner(top: str) -> str | None:
        """The distribution a top-level module comes from; PYTHON, PYINSTALLER, OURS or None."""
        if top in (OURS, "__main__"):
            return OURS
        if top in stdlib or top.startswith("_sysconfigdata"):
            return PYTHON
        if top.startswith(("pyimod", "pyiboot", "pyi_rth", "_pyi_")):
            return PYINSTALLER
        names = owners.get(top)
        return names[0] if names else None

    def add_distribution(owner: str, file: str) -> None:
        if owner == OURS:
            return
        if owner == PYTHON:
            add(PYTHON, python_part, file)
        elif owner == PYINSTALLER:
            add(PYINSTALLER, lambda: distribution_part(metadata.distribution("pyinstaller")), file)
        else:
            add(owner.lower(), lambda: distribution_part(metadata.distribution(owner)), file)

    for module in sorted(set(modules)):
        owner = python_owner(module.split(".")[0])
        if owner is None:
            missing.append(f"the Python module {module}")
        else:
            add_distribution(owner, module)
    for name, _source in sorted(set(binaries)):
        posix = name.replace("\\", "/")
        key = library_key(posix)
        if posix.rsplit("/", 1)[-1] in stand_ins or name in stand_ins:
            continue
        if is_extension_module(posix):
            top = posix.split("/")[0]
            if top in ("python3", "lib-dynload") or posix.startswith(("python3.", "lib-dynload/")) or "/" not in posix:
                add_distribution(PYTHON, posix)
            else:
                owner = python_owner(top)
                if owner is None:
                    missing.append(f"the extension module {name}")
                else:
                    add_distribution(owner, posix)
        elif key.startswith("python") or key in ("python", "vcruntime140", "vcruntime140_1"):
            add(PYTHON, python_part, posix)  # libpython, python311.dll, and the C runtime CPython's installer ships
        elif key in by_library:
            add(by_library[key], lambda key=by_library[key]: vendored_part(key, vendored[key]), posix)
        elif is_native_library(posix):
            missing.append(f"the library {name} (add its part to tools/notices/parts.toml)")
    if missing:
        raise Unaccounted("no notice for " + "; ".join(missing))
    # always there: the bootloader that starts the program, and the standard library's archive
    if bootloader:
        add(PYINSTALLER, lambda: distribution_part(metadata.distribution("pyinstaller")), "the bootloader")
    if PYTHON in parts:
        parts[PYTHON].files.append("base_library.zip")
    return sorted(parts.values(), key=lambda part: (part.name != PYTHON, part.name.lower()))


def render(parts: list[Part], program: str, stand_ins: Iterable[str] = ()) -> str:
    """The notices file: an index of every bundled file's part, then each part's notice."""
    lines = [f"Third-party software in {program}", "",
             "This program is MIT-licensed (LICENSE); the Noto Sans fonts it carries are under the SIL Open Font",
             "License 1.1 (fonts/LICENSE-NotoSans.txt, fonts/LICENSE-NotoSansCJK.txt). It also carries the parts",
             "below, each under its own licence, whose notices follow. This file was gathered when the program was",
             "built (tools/notices.py), from what the build really bundled.",
             "",
             "pygame-ce and the LGPL libraries it loads are dynamic libraries unpacked beside the program at each",
             "start; the program's complete source and its build script (build.spec) are published with it, so a",
             "changed pygame-ce or library can be put in their place by building again.", ""]
    stand_ins = sorted(set(stand_ins))
    if stand_ins:
        lines += ["Made by this project, no third-party code: stand-ins for codecs the game never uses",
                  "(tools/codec_stubs.py): " + ", ".join(stand_ins), ""]
    lines += ["Index (part: licence: files)", ""]
    for part in parts:
        lines.append(f"Part: {part.name} {part.version}: {part.licence}")
        lines += [f"  bundled: {file}" for file in part.files]
    for part in parts:
        lines += ["", RULE, f"{part.name} {part.version}", f"Licence: {part.licence}"]
        if part.source:
            lines.append(f"Source: {part.source}")
        for title, text in part.texts:
            lines += [RULE.replace("=", "-"), f"[{title}]", "", text.rstrip()]
    return "\n".join(lines) + "\n"


def write(target: Path, modules: Iterable[str], binaries: Iterable[tuple[str, str]], program: str,
          stand_ins: Iterable[str] = ()) -> list[Part]:
    """Gather the notices of a bundle (:func:`gather`) and write them to ``target``."""
    parts = gather(modules, binaries, stand_ins)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render(parts, program, stand_ins), encoding="utf-8")
    return parts


def bundled(executable: Path) -> tuple[set[str], dict[str, bytes], str | None]:
    """What a one-file executable holds: its Python modules, its native files (name -> bytes)
    and its notices file (None if it has none)."""
    from PyInstaller.archive.readers import CArchiveReader

    reader = CArchiveReader(str(executable))
    modules = set()
    for name, entry in reader.toc.items():
        if entry[4] == "z":
            modules |= set(reader.open_embedded_archive(name).toc)
        elif entry[4] in "ms":
            modules.add(name)
    native = {name: reader.extract(name) for name, entry in reader.toc.items() if entry[4] == "b"}
    notices = reader.extract(FILE_NAME).decode("utf-8") if FILE_NAME in reader.toc else None
    return modules, native, notices


def check(executable: Path) -> list[str]:
    """What the executable bundles that its notices file does not account for (empty: all is)."""
    modules, native, notices = bundled(executable)
    if notices is None:
        return [f"{executable} carries no {FILE_NAME}"]
    indexed = set(re.findall(r"^  bundled: (.+)$", notices, re.MULTILINE))
    stand_ins_line = re.search(r"^\(tools/codec_stubs\.py\): (.+)$", notices, re.MULTILINE)
    stand_ins = set(stand_ins_line[1].split(", ")) if stand_ins_line else set()
    problems = []
    for name, data in sorted(native.items()):
        base = name.rsplit("/", 1)[-1]
        if base in stand_ins:
            if STAND_IN_MARK not in data:
                problems.append(f"{name} is called a stand-in but is not one of tools/codec_stubs.py's")
        elif name not in indexed:
            problems.append(f"{name} is bundled and has no notice")
    for module in sorted(modules):
        top = module.split(".")[0]
        if top != OURS and module not in indexed and not top.startswith(("pyimod", "pyiboot", "pyi_rth")) \
                and module != "__main__":
            problems.append(f"the Python module {module} is bundled and has no notice")
    parts = re.findall(r"^Part: (.+?): ", notices, re.MULTILINE)
    for part in parts:
        if f"\n{RULE}\n{part}\n" not in notices:
            problems.append(f"{part} is in the index without its notice")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("executable", type=Path)
    parser.add_argument("--check", action="store_true", help="exit 1 if a bundled file has no notice")
    parser.add_argument("--list", action="store_true", help="print the parts the notices name")
    args = parser.parse_args()
    if args.list:
        _, _, notices = bundled(args.executable)
        print("\n".join(re.findall(r"^Part: .+$", notices or "", re.MULTILINE)))
    problems = check(args.executable)
    for problem in problems:
        print(f"notices: {problem}", file=sys.stderr)
    if args.check and not problems:
        print(f"notices: every part {args.executable} bundles has its notice in {FILE_NAME}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
