"""Issue 40: the README keeps what a newcomer and a packager need first (what the game is, the
commands CI reads after their markers, where everything else is); the reference lives in docs/,
linked from the README, and every link between them leads somewhere."""

from __future__ import annotations

import re

from tests.conftest import ROOT

DOCS = ("player-guide.md", "files-and-formats.md", "building-and-releasing.md")


def test_the_readme_keeps_the_commands_ci_reads_and_links_every_guide() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for marker in ("play-command", "test-command", "typecheck-command", "build-command"):
        after = readme.split(f"<!-- {marker} -->\n", 1)
        assert len(after) == 2 and after[1].startswith("```sh\n"), marker
    for name in DOCS:
        assert f"](docs/{name}" in readme, name
        assert (ROOT / "docs" / name).is_file(), name
    assert len(readme.splitlines()) < 150  # a page a newcomer reads, not the reference


def anchors(markdown: str) -> set[str]:
    """The anchors GitHub makes of a page's headings."""
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
            for heading in re.findall(r"^#+ (.+)$", markdown, re.MULTILINE)}


def test_every_link_between_the_readme_and_the_guides_leads_somewhere() -> None:
    pages = {"README.md": ROOT / "README.md", **{f"docs/{name}": ROOT / "docs" / name for name in DOCS}}
    for name, path in pages.items():
        text = path.read_text(encoding="utf-8")
        for target, anchor in re.findall(r"\]\(((?:docs/)?[\w.-]*\.md)?(?:#([\w-]+))?\)", text):
            if not target and not anchor:
                continue
            linked = (path.parent / target) if target else path
            assert linked.is_file(), (name, target)
            if anchor:
                assert anchor in anchors(linked.read_text(encoding="utf-8")), (name, target, anchor)
