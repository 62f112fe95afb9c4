"""What the one-file executable unpacks on every start, and the glibc it needs.

    python tools/bundle_report.py [dist/seahaven] [--libraries] [--max-glibc 2.35]

Prints the file's size, the size and number of the files it unpacks at each start (the
entries of its archive but the Python code kept zipped inside it), and the glibc floor: the
highest ``GLIBC_`` symbol version any unpacked shared library (and the bootloader itself)
asks for, read with ``objdump -T`` (binutils). ``--libraries`` lists each library with its
unpacked size and highest version; ``--max-glibc`` exits 1 when the floor is above it (the
release workflow checks the floor docs/building-and-releasing.md states). Needs PyInstaller (the build extra).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from PyInstaller.archive.readers import CArchiveReader

UNPACKED = set("bxd")
"""TOC type codes the bootloader writes to the unpack folder: binaries, data, dependencies.
The Python code (the 'z' PYZ archive), the scripts and the bootstrap modules are read in place."""
_VERSION = re.compile(r"GLIBC_([0-9]+(?:\.[0-9]+)+)")


def version_key(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def glibc_needed(data: bytes | Path) -> str | None:
    """The highest GLIBC_ version the ELF image ``data`` (or file) imports (``objdump -T``), or None."""
    with tempfile.NamedTemporaryFile(suffix=".so") as file:
        if isinstance(data, bytes):
            file.write(data)
            file.flush()
        name = file.name if isinstance(data, bytes) else str(data)
        result = subprocess.run(["objdump", "-T", name], capture_output=True, text=True, check=False)
    versions = {match for line in result.stdout.splitlines() if " UND " in line or "*UND*" in line
                for match in _VERSION.findall(line)}
    return max(versions, key=version_key) if versions else None


def report(executable: Path) -> dict[str, object]:
    reader = CArchiveReader(str(executable))
    unpacked = {name: entry for name, entry in reader.toc.items() if entry[4] in UNPACKED}
    libraries = {}
    for name, entry in sorted(reader.toc.items()):
        if entry[4] in "bd":
            data = reader.extract(name)
            if data[:4] == b"\x7fELF":
                libraries[name] = (entry[2], glibc_needed(data))
    bootloader = glibc_needed(executable)  # the archive rides in an ELF section: objdump reads the rest
    floors = [version for _, version in libraries.values() if version] + ([bootloader] if bootloader else [])
    return {
        "size": executable.stat().st_size,
        "unpacked_size": sum(entry[2] for entry in unpacked.values()),
        "unpacked_files": len(unpacked),
        "glibc_floor": max(floors, key=version_key) if floors else None,
        "bootloader_glibc": bootloader,
        "libraries": libraries,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("executable", nargs="?", default="dist/seahaven", type=Path)
    parser.add_argument("--libraries", action="store_true", help="list every library, its size and glibc")
    parser.add_argument("--max-glibc", metavar="VERSION", help="exit 1 when the floor is above VERSION")
    args = parser.parse_args(argv)
    facts = report(args.executable)
    print(f"{args.executable}: {facts['size']:,} bytes; unpacks {facts['unpacked_size']:,} bytes "
          f"in {facts['unpacked_files']} files; glibc floor {facts['glibc_floor']} "
          f"(bootloader {facts['bootloader_glibc']})")
    if args.libraries:
        for name, (size, version) in sorted(facts["libraries"].items(), key=lambda item: -item[1][0]):
            print(f"  {size:>10,}  {version or '-':>6}  {name}")
    floor = facts["glibc_floor"]
    if args.max_glibc and floor and version_key(floor) > version_key(args.max_glibc):
        print(f"the glibc floor {floor} is above the {args.max_glibc} promised", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
