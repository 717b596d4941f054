r"""Every pattern over customer text is compiled here: RE2 where it can be, bounded where not.

Customer text is untrusted: a pattern that backtracks exponentially turns one message into a
denial of service. :func:`compile` (and the ``re``-like helpers around it) compiles a pattern
with RE2 (linear time by construction) whenever RE2 reads it the way Python's ``re`` does.
The rest need what RE2 lacks: look-around, and Unicode-aware ``\\b``, ``\\w``, ``\\d`` and
``\\s`` (RE2's are ASCII only, and a Chinese character beside an English word is not a word
boundary for Python's ``re``). Those are compiled with ``re``, but only after
:func:`bounded` proves the pattern cannot backtrack exponentially: no unbounded repeat holds
another unbounded repeat, or a choice between alternatives, or an optional part, in its body
(star height one, each star over plain characters). A pattern that fails the proof is an
error at compile time, not a risk at run time. Messages are cut to ``max_message_chars``
before any pattern reads them, so a bounded pattern's cost is bounded too
(``keel bench patterns`` measures the worst case).
"""

from __future__ import annotations

import ast
import re
import re._constants as sre_constants
import re._parser as sre_parse
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

import re2

I = IGNORECASE = re.IGNORECASE  # noqa: E741 - the ``re`` names, for drop-in use
S = DOTALL = re.DOTALL
M = MULTILINE = re.MULTILINE
escape = re.escape
error = re.error
Pattern = re.Pattern
Match = re.Match

# What RE2 cannot read at all: look-around, back-references, Unicode word boundaries,
# conditionals, and inline flags it lacks.
PYTHON_ONLY = re.compile(r"\\[bBAZ]|\(\?<?[=!]|\(\?P=|\\[1-9]|\(\?\(|\(\?[aLux]")


class Linear:
    """An RE2 pattern with ``re.Pattern``'s methods, fed plain strings.

    (RE2 builds results of the input's own type, and a ``str`` subclass such as a chat
    message's text cannot be built that way.)
    """

    def __init__(self, compiled: Any) -> None:
        self._compiled = compiled
        self.pattern: str = compiled.pattern
        self.groups: int = compiled.groups
        self.groupindex: Any = compiled.groupindex
        self.flags = 0

    def search(self, string: str, *span: int) -> Any:
        """``re.Pattern.search``."""
        return self._compiled.search(_plain(string), *span)

    def match(self, string: str, *span: int) -> Any:
        """``re.Pattern.match``."""
        return self._compiled.match(_plain(string), *span)

    def fullmatch(self, string: str, *span: int) -> Any:
        """``re.Pattern.fullmatch``."""
        return self._compiled.fullmatch(_plain(string), *span)

    def finditer(self, string: str, *span: int) -> Any:
        """``re.Pattern.finditer``."""
        return self._compiled.finditer(_plain(string), *span)

    def findall(self, string: str, *span: int) -> Any:
        """``re.Pattern.findall``."""
        return self._compiled.findall(_plain(string), *span)

    def sub(self, repl: Any, string: str, count: int = 0) -> Any:
        """``re.Pattern.sub``."""
        return self._compiled.sub(repl, _plain(string), count)

    def subn(self, repl: Any, string: str, count: int = 0) -> Any:
        """``re.Pattern.subn``."""
        return self._compiled.subn(repl, _plain(string), count)

    def split(self, string: str, maxsplit: int = 0) -> Any:
        """``re.Pattern.split``."""
        return self._compiled.split(_plain(string), maxsplit)


def _plain(string: str) -> str:
    return string if type(string) is str else str(string)


# Python's Unicode classes, written for RE2 (whose own \w, \d and \s are ASCII only).
WORD, DIGIT = r"\p{L}\p{N}_", r"\p{Nd}"
SPACE = (
    r"\t\n\v\f\r \x{1c}-\x{1f}\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}"
    r"\x{202f}\x{205f}\x{3000}"
)
INSIDE = {"w": WORD, "d": DIGIT, "s": SPACE, "D": r"\P{Nd}"}
OUTSIDE = {
    "w": f"[{WORD}]",
    "d": DIGIT,
    "s": f"[{SPACE}]",
    "W": f"[^{WORD}]",
    "D": r"\P{Nd}",
    "S": f"[^{SPACE}]",
}
HEX4 = re.compile(r"[0-9a-fA-F]{4}")
UNBOUNDED = sre_constants.MAXREPEAT
ASSERTIONS = (sre_constants.ASSERT, sre_constants.ASSERT_NOT)
REPEATS = (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT, sre_constants.POSSESSIVE_REPEAT)
_FLAGS = ((re.IGNORECASE, "i"), (re.DOTALL, "s"), (re.MULTILINE, "m"))


class UnboundedPattern(ValueError):
    """A pattern for customer text that RE2 cannot take and that could backtrack without end."""


def _choices(items: Any) -> bool:
    """True when a parsed body offers a choice: alternatives, or an optional or repeated part."""
    for op, av in items:
        if op is sre_constants.BRANCH:
            return True
        if op in REPEATS:
            low, high, body = av
            if high == UNBOUNDED or high != low or _choices(body):
                return True
        elif (op is sre_constants.SUBPATTERN and _choices(av[-1])) or (
            op in ASSERTIONS and _choices(av[1])
        ):
            return True
    return False


def _unbounded_over_choices(items: Any) -> bool:
    """True when an unbounded repeat's body offers a choice (the shape of exponential time)."""
    for op, av in items:
        if op in REPEATS:
            _low, high, body = av
            if high == UNBOUNDED and _choices(body):
                return True
            if _unbounded_over_choices(body):
                return True
        elif op is sre_constants.BRANCH:
            if any(_unbounded_over_choices(branch) for branch in av[1]):
                return True
        elif op is sre_constants.SUBPATTERN:
            if _unbounded_over_choices(av[-1]):
                return True
        elif op in ASSERTIONS and _unbounded_over_choices(av[1]):
            return True
    return False


def bounded(pattern: str, flags: int = 0) -> bool:
    """True when ``pattern`` cannot backtrack exponentially under Python's ``re``.

    Each unbounded repeat (``*``, ``+``, ``{n,}``) repeats a body with no choice in it: a
    character class or fixed text. Then a failed match retries each start and each split of
    one repeat at most: polynomial in the length of the text, never exponential.
    """
    return not _unbounded_over_choices(sre_parse.parse(pattern, flags))


def needs_python(pattern: str) -> bool:
    """True when RE2 would read ``pattern`` otherwise than Python's ``re``, or not at all."""
    return PYTHON_ONLY.search(pattern) is not None


def for_re2(pattern: str) -> str | None:
    r"""``pattern`` as RE2 reads it the way Python's ``re`` does, or None when it can't be.

    ``\w``, ``\d``, ``\s`` (and their negations) become the Unicode classes Python means;
    ``\uXXXX`` becomes ``\x{XXXX}``. A negated class inside brackets (``[\W…]``) has no RE2
    spelling: None.
    """
    out: list[str] = []
    inside = False
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\" and index + 1 < len(pattern):
            letter = pattern[index + 1]
            digits = pattern[index + 2 : index + 6]
            if letter == "u" and HEX4.fullmatch(digits):
                out.append(f"\\x{{{digits}}}")
                index += 6
                continue
            if letter in "wWdDsS":
                table = INSIDE if inside else OUTSIDE
                if letter not in table:
                    return None
                out.append(table[letter])
            else:
                out.append(pattern[index : index + 2])
            index += 2
            continue
        out.append(char)
        if char == "[" and not inside:
            inside = True
            for lead in ("^", "]"):  # "[]…]", "[^]…]": the "]" is a member, not the end
                if pattern[index + 1 : index + 2] == lead:
                    out.append(lead)
                    index += 1
        elif char == "]" and inside:
            inside = False
        index += 1
    return "".join(out)


@lru_cache(maxsize=4096)
def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """Compile a pattern over customer text: RE2, or Python's ``re`` once proven bounded.

    (An RE2 pattern has the methods of ``re.Pattern`` and its matches those of ``re.Match``:
    the type says what callers may use.)
    """
    written = None if needs_python(pattern) else for_re2(pattern)
    if written is not None:
        inline = "".join(letter for flag, letter in _FLAGS if flags & flag)
        try:
            linear = Linear(re2.compile(f"(?{inline}){written}" if inline else written))
            return cast("re.Pattern[str]", linear)
        except re2.error:
            pass  # a construct RE2 does not know: proven bounded below, or refused
    if not bounded(pattern, flags):
        raise UnboundedPattern(f"pattern may backtrack without bound: {pattern[:120]!r}")
    return re.compile(pattern, flags)


def engine(pattern: str, flags: int = 0) -> str:
    """Which engine a pattern runs on: "re2" or "re" (for tests and the benchmark)."""
    return "re2" if isinstance(compile(pattern, flags), Linear) else "re"


def search(pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
    """``re.search`` through :func:`compile`."""
    return compile(pattern, flags).search(string)


def match(pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
    """``re.match`` through :func:`compile`."""
    return compile(pattern, flags).match(string)


def fullmatch(pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
    """``re.fullmatch`` through :func:`compile`."""
    return compile(pattern, flags).fullmatch(string)


def finditer(pattern: str, string: str, flags: int = 0) -> Iterator[re.Match[str]]:
    """``re.finditer`` through :func:`compile`."""
    return iter(compile(pattern, flags).finditer(string))


def findall(pattern: str, string: str, flags: int = 0) -> list[Any]:
    """``re.findall`` through :func:`compile`."""
    return list(compile(pattern, flags).findall(string))


def sub(
    pattern: str,
    repl: str | Callable[[re.Match[str]], str],
    string: str,
    count: int = 0,
    flags: int = 0,
) -> str:
    """``re.sub`` through :func:`compile`."""
    return str(compile(pattern, flags).sub(repl, string, count))


def split(pattern: str, string: str, maxsplit: int = 0, flags: int = 0) -> list[str]:
    """``re.split`` through :func:`compile`."""
    return list(compile(pattern, flags).split(string, maxsplit))


CALLS = frozenset(
    {"compile", "search", "match", "fullmatch", "finditer", "findall", "sub", "split"}
)


def literal_patterns(paths: Iterable[Path], alias: str = "rx") -> list[tuple[str, int, str, int]]:
    """(file, line, pattern, flags) of every ``rx.<call>("literal", …)`` in ``paths``.

    The audit behind the test that every such pattern is linear or proven bounded, and the
    list ``keel bench patterns`` measures.
    """
    found = []
    for path in paths:
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == alias
                and node.func.attr in CALLS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                continue
            segment = ast.get_source_segment(source, node) or ""
            flags = re.I if f"{alias}.I" in segment or "IGNORECASE" in segment else 0
            found.append((str(path), node.lineno, node.args[0].value, flags))
    return found
