"""Issue 40: the executable carries the notice of every third-party part it bundles, gathered
at build time (tools/notices.py, called by build.spec). The build itself and the check of the
built file run in .ci/run (``tools/notices.py --check dist/seahaven``); these tests check the
gathering on the build environment's own files, and that it refuses what it cannot trace."""

from __future__ import annotations

import importlib.metadata as metadata
import importlib.util
import sys

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import notices

sys.path.remove(str(ROOT / "tools"))

WINDOWS_WHEEL = ("SDL2.dll", "SDL2_image.dll", "libtiff-5.dll", "libwebp-7.dll", "libwebpdemux-2.dll", "libjpeg-62.dll",
                 "libpng16-16.dll", "SDL2_mixer.dll", "libogg-0.dll", "libopus-0.dll", "libopusfile-0.dll",
                 "libwavpack-1.dll", "libxmp.dll", "SDL2_ttf.dll", "freetype.dll", "portmidi.dll")
"""The libraries in pygame-ce 2.5.8's Windows wheel (pygame/*.dll)."""
MACOS_WHEEL = ("libwebp.7.2.0.dylib", "libmpg123.0.dylib", "libxmp.4.7.2.dylib", "libogg.0.8.6.dylib",
               "libbrotlicommon.1.2.0.dylib", "libbrotlidec.1.2.0.dylib", "libvorbisenc.2.0.12.dylib",
               "libpng16.16.58.0.dylib", "libvorbisfile.3.3.8.dylib", "libtiff.6.3.0.dylib", "libSDL2-2.0.0.dylib",
               "libportmidi.2.0.7.dylib", "libjpeg.62.4.0.dylib", "libfreetype.6.dylib",
               "libSDL2_mixer-2.0.0.800.2.dylib", "libFLAC.14.0.0.dylib", "libharfbuzz.0.dylib",
               "libSDL2_ttf-2.0.0.2400.0.dylib", "libwebpdemux.2.0.17.dylib", "libz.1.3.1.zlib-ng.dylib",
               "libSDL2_image-2.0.0.800.12.dylib", "libwavpack.1.dylib", "libsndfile.1.0.37.dylib",
               "libvorbis.0.4.9.dylib", "libopusfile.0.dylib", "libfluidsynth.3.5.6.dylib", "libopus.0.dylib",
               "libsharpyuv.0.1.2.dylib")
"""The libraries in pygame-ce 2.5.8's macOS wheel (pygame/.dylibs/)."""


def installed_pygame_libraries() -> list[str]:
    """The native libraries the installed pygame-ce wheel vendors, as the bundle names them."""
    files = metadata.distribution("pygame-ce").files or []
    return [str(file) for file in files if notices.is_native_library(str(file))
            and not notices.is_extension_module(str(file))]


def test_every_library_pygame_ce_vendors_on_any_system_has_a_notice() -> None:
    named = {str(name) for part in notices.vendored_parts().values() for name in part["libraries"]}
    libraries = [*installed_pygame_libraries(), *WINDOWS_WHEEL, *MACOS_WHEEL]
    assert libraries
    assert sorted({notices.library_key(name) for name in libraries} - named) == []


def test_the_notices_of_the_installed_parts_name_each_part_with_its_licence_text() -> None:
    binaries = [(name, "") for name in installed_pygame_libraries()]
    binaries += [("pygame/base.cpython-311-x86_64-linux-gnu.so", ""), ("libpython3.11.so.1.0", ""),
                 ("python3.11/lib-dynload/_json.cpython-311-x86_64-linux-gnu.so", ""), ("libffi.so.8", "")]
    modules = ["json", "pygame", "pygame.display", "platformdirs", "accesskit", "seahaven.engine"]
    # PyInstaller (the build group) where it is installed: the README's test command installs none
    builder = importlib.util.find_spec("PyInstaller") is not None
    parts = {part.name: part for part in notices.gather(modules + ["pyimod01_archive"] * builder, binaries,
                                                        bootloader=builder)}
    assert {"Python", "pygame-ce", "platformdirs", "accesskit", "FreeType", "HarfBuzz", "libpng",
            "libffi", "SDL2, SDL2_image, SDL2_mixer and SDL2_ttf"} <= set(parts)
    assert parts["pygame-ce"].licence == "LGPL-2.1-only"
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in parts["pygame-ce"].texts[0][1]  # its wheel carries no text
    if builder:
        assert "Bootloader Exception" in "".join(text for _, text in parts["pyinstaller"].texts)
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in parts["Python"].texts[0][1]
    assert any("MIT" in title for title, _ in parts["accesskit"].texts)
    text = notices.render(list(parts.values()), "Seahaven Towers")
    assert "Sam Lantinga" in text and "The FreeType Project" in text and "  bundled: libffi.so.8" in text
    assert "seahaven.engine" not in text  # the game's own code is no third party


@pytest.mark.parametrize("stranger", ["libmystery-0a1b2c3d.so.1.0.0", "mystery.dll"])
def test_a_library_traced_to_no_notice_stops_the_build(stranger: str) -> None:
    with pytest.raises(notices.Unaccounted, match="mystery"):
        notices.gather(["json"], [(stranger, "")], bootloader=False)


def test_a_module_of_no_known_distribution_stops_the_build() -> None:
    with pytest.raises(notices.Unaccounted, match="no_such_package_anywhere"):
        notices.gather(["no_such_package_anywhere.sub"], [], bootloader=False)


def test_the_codec_stand_ins_carry_the_mark_the_check_knows_them_by() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import codec_stubs
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert codec_stubs.STAND_IN_MARK.encode() == notices.STAND_IN_MARK
    assert codec_stubs.STAND_IN_MARK in codec_stubs.stub_source({"FLAC__stream_decoder_new": None}, [])


def test_every_notice_text_the_parts_name_is_there() -> None:
    for key, part in notices.vendored_parts().items():
        assert (ROOT / "tools" / "notices" / str(part["text"])).is_file(), key
        assert part["copyright"] and part["licence"] and part["libraries"], key


def test_ci_checks_the_built_executables_notices() -> None:
    run = ROOT / ".ci" / "run"
    if not run.is_file():
        pytest.skip("the repository's .ci/ is not here (an unpacked sdist)")
    assert "tools/notices.py --check --list dist/seahaven" in run.read_text(encoding="utf-8")
    assert "notices.write(" in (ROOT / "build.spec").read_text(encoding="utf-8")
