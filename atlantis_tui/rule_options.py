"""A game's rule options as players set them, read from its options struct.

The new-game form and ``--option KEY=VALUE`` know no game's options by hand:
both read the game's ``options_type`` (a msgspec struct) through
``msgspec.structs.fields``. Each field's type says how it is set (a ``switch``, a
``count`` within its bounds, or none when the field is ``int | None``, a
``choice`` among literal values, or ``text``),
and its ``msgspec.Meta`` documents it (see ``core/atlantis/options.py``):
``title`` labels it on the form, ``description`` names its values, and
``extra`` holds the form's ``labels`` for values, a ``note`` for ``--help``,
``offered=False`` for a field the players do not set, and ``refused``, a
function that gives why a value the type allows cannot be played (a sentence
the game has translated) or ``None``. The other texts are in English, marked
with ``N_``; they are translated here, when shown.
"""

from __future__ import annotations

import re
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import msgspec

from core.kernel.i18n import _

RuleValue = int | bool | str | None
Kind = Literal["switch", "count", "choice", "text"]

#: The words for yes and no; ``--help`` shows the first two.
BOOLEANS = {"true": True, "false": False, "on": True, "off": False, "yes": True, "no": False}

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")

NO_NUMBER = "none"
"""How the command line writes the ``None`` of an ``int | None`` option (no limit)."""


@dataclass(frozen=True)
class RuleField:
    """One field of a game's options: how it is set, its default and its texts.

    ``values`` are the words the command line takes (a choice's values, or
    ``true``/``false``); ``least`` and ``most`` bound a count; ``default`` is the
    default as the command line spells it. ``labels`` maps a
    value to the form's English name for it; for a count, the form offers
    those values only.
    """

    key: str
    kind: Kind
    default_value: RuleValue
    values: tuple[str, ...] = ()
    least: int = 0
    most: int = 0
    title: str = ""
    description: str = ""
    note: str = ""
    labels: Mapping[RuleValue, str] = field(default_factory=dict, hash=False)
    offered: bool = True
    optional: bool = False
    """A count that may also be ``None`` (``int | None``), written ``none``."""
    refused: Callable[[RuleValue], str | None] | None = field(default=None, compare=False)
    """Why a value the type allows cannot be played, or ``None`` (``extra["refused"]``):
    ``parse`` refuses it, so the form and ``--option`` say it in one line."""

    @property
    def default(self) -> str:
        return self.spelled(self.default_value)

    def spelled(self, value: RuleValue) -> str:
        """The value as the command line writes it (``true``, ``box``, ``2``, ``none``)."""
        if value is None:
            return NO_NUMBER
        return str(value).lower() if isinstance(value, bool) else str(value)

    def label(self, value: RuleValue) -> str:
        """The value as the new-game form names it, in the reader's language."""
        name = self.labels.get(value)
        return _(name) if name else self.spelled(value)

    def parse(self, text: str) -> RuleValue:
        """The value ``text`` stands for; raises ``ValueError`` saying what is allowed,
        or why the game refuses the value."""
        value = self._read(text)
        reason = self.refused(value) if self.refused is not None else None
        if reason is not None:
            raise ValueError(reason)
        return value

    def _read(self, text: str) -> RuleValue:
        """The value ``text`` stands for among those the option's type allows."""
        word = text.strip()
        if self.kind == "count":
            if _WHOLE_NUMBER.fullmatch(word) and self.least <= int(word) <= self.most:
                return int(word)
            if self.optional and word.lower() == NO_NUMBER:
                return None
            if self.optional:
                message = _(
                    "{key} takes a whole number from {least} to {most}, or none, not {value!r}"
                )
                raise ValueError(
                    message.format(key=self.key, least=self.least, most=self.most, value=text)
                )
            message = _("{key} takes a whole number from {least} to {most}, not {value!r}")
            raise ValueError(
                message.format(key=self.key, least=self.least, most=self.most, value=text)
            )
        if self.kind == "text":
            return word
        if self.kind == "switch" and word.lower() in BOOLEANS:
            return BOOLEANS[word.lower()]
        if self.kind == "choice" and word.lower() in self.values:
            return word.lower()
        message = _("{key} takes one of {values}, not {value!r}")
        raise ValueError(message.format(key=self.key, values=", ".join(self.values), value=text))


def _unwrapped(annotation: Any) -> tuple[Any, dict[str, Any]]:
    """The bare type of a field and what its ``msgspec.Meta`` say of it, merged."""
    said: dict[str, Any] = {"extra": {}}
    while get_origin(annotation) is Annotated:
        annotation, *metadata = get_args(annotation)
        for meta in metadata:
            if not isinstance(meta, msgspec.Meta):
                continue
            for name in ("ge", "le", "title", "description"):
                if getattr(meta, name) is not None:
                    said[name] = getattr(meta, name)
            said["extra"].update(meta.extra or {})
    return annotation, said


def _field(name: str, annotation: Any, default: object) -> RuleField:
    bare, said = _unwrapped(annotation)
    extra = said["extra"]
    texts: dict[str, Any] = {
        "title": said.get("title", ""),
        "description": said.get("description", ""),
        "note": extra.get("note", ""),
        "labels": dict(extra.get("labels", {})),
        "offered": extra.get("offered", True),
        "refused": extra.get("refused"),
    }
    if bare is bool and isinstance(default, bool):
        return RuleField(name, "switch", default, ("true", "false"), **texts)
    optional = _optional_int(bare)
    if optional:
        # msgspec takes bounds on the number of ``int | None`` only: read them there.
        number = next(arg for arg in get_args(bare) if arg is not type(None))
        _bare_number, bounds = _unwrapped(number)
        said = {**{k: v for k, v in bounds.items() if k in ("ge", "le")}, **said}
    if (bare is int or optional) and isinstance(default, int | None):
        if "ge" not in said or "le" not in said:
            raise TypeError(f"option {name} is a number without msgspec.Meta(ge=..., le=...)")
        if isinstance(default, bool):
            raise TypeError(f"option {name} is a number with a default of True or False")
        return RuleField(
            name, "count", default, (), said["ge"], said["le"], **texts, optional=optional
        )
    if get_origin(bare) is Literal and all(isinstance(v, str) for v in get_args(bare)):
        # In the order the struct gives them (msgspec.inspect would sort them).
        values = tuple(str(value) for value in get_args(bare))
        return RuleField(name, "choice", str(default), values, **texts)
    if bare is str and isinstance(default, str):
        return RuleField(name, "text", default, **texts)
    # A new kind of option: say here how the form and the command line set it.
    raise TypeError(f"no way to set option {name}: {bare}")


def _optional_int(annotation: Any) -> bool:
    """Whether ``annotation`` is ``int | None`` (a count that may be none), the
    ``int`` perhaps ``Annotated`` with its bounds."""
    if get_origin(annotation) not in (Union, types.UnionType):
        return False
    return {_unwrapped(arg)[0] for arg in get_args(annotation)} == {int, type(None)}


_read: dict[type[msgspec.Struct], tuple[RuleField, ...]] = {}


def rule_fields(options_type: type[msgspec.Struct]) -> tuple[RuleField, ...]:
    """Every field of ``options_type``, in its order (those not offered too)."""
    if options_type not in _read:
        _read[options_type] = _read_fields(options_type)
    return _read[options_type]


def _read_fields(options_type: type[msgspec.Struct]) -> tuple[RuleField, ...]:
    found = []
    for struct_field in msgspec.structs.fields(options_type):
        if struct_field.default is msgspec.NODEFAULT:
            raise TypeError(f"option {struct_field.name} has no default")
        found.append(_field(struct_field.name, struct_field.type, struct_field.default))
    return tuple(found)


def offered_fields(options_type: type[msgspec.Struct]) -> tuple[RuleField, ...]:
    """The fields players set, on the form and with ``--option``."""
    return tuple(option for option in rule_fields(options_type) if option.offered)


def changed_options(options: msgspec.Struct) -> str:
    """``buy_limit=2, paid_cards_to=box``: the options that differ from the defaults."""
    defaults = type(options)()
    return ", ".join(
        f"{option.key}={option.spelled(getattr(options, option.key))}"
        for option in rule_fields(type(options))
        if getattr(options, option.key) != getattr(defaults, option.key)
    )
