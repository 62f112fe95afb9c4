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
    # Translators: Python's argparse: the start of the usage line of --help, followed by the command ("usage: seahaven
    # [-h] …"). Keep the colon and space as your language writes them.
    N_("usage: "),
    # Translators: Python's argparse: a heading of --help over the arguments given without an option name.
    N_("positional arguments"),
    # Translators: Python's argparse: a heading of --help over the options (-h, --size…).
    N_("options"),
    N_("show this help message and exit"),
    # Translators: Python's argparse: an error on the command line; %(argument_name)s is an option like --size,
    # %(message)s the error.
    N_("argument %(argument_name)s: %(message)s"),
    # Translators: Python's argparse: an error on the command line; %s is the arguments not understood.
    N_("unrecognized arguments: %s"),
    # Translators: Python's argparse: an error on the command line; %s is another option.
    N_("not allowed with argument %s"),
    # Translators: Python's argparse: an error on the command line; %r is the value given (quoted by Python).
    N_("ignored explicit argument %r"),
    # Translators: Python's argparse: an error on the command line; %s is a list of arguments.
    N_("the following arguments are required: %s"),
    # Translators: Python's argparse: an error on the command line; %s is a list of options.
    N_("one of the arguments %s is required"),
    # Translators: Python's argparse: an error on the command line: an option was given without its value.
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    # Translators: Python's argparse: an error on the command line; %(option)s is what was typed, %(matches)s the
    # options it could mean.
    N_("ambiguous option: %(option)s could match %(matches)s"),
    # Translators: Python's argparse: an error on the command line; %s is what was typed.
    N_("unexpected option string: %s"),
    # Translators: Python's argparse: an error on the command line; %(type)s is a kind of value (int, float), %(value)r
    # the value (quoted by Python).
    N_("invalid %(type)s value: %(value)r"),
    # Translators: Python's argparse: an error on the command line; %(filename)s is a file's name, %(error)s the
    # system's reason.
    N_("can't open '%(filename)s': %(error)s"),
)
"""argparse's messages a user can meet, for the extractor (see the module's docstring)."""
