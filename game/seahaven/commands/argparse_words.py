"""The words of Python's argparse that a user of ``seahaven``'s command line reads, marked so
that our catalogs carry them. argparse looks each one up in the process's gettext domain,
which ``seahaven.__main__`` makes ours; nothing imports this module, it only lists them for
``tools/i18n.py extract``. The msgids are argparse's own, character for character (Python
3.11-3.13), placeholders included; a translation keeps every ``%s``/``%(name)s``.
Programming errors argparse raises about a parser's definition are left out: no user sees
them.
"""

from seahaven.i18n import N_

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""argparse's messages a user can meet, for the extractor (see the module's docstring)."""
