"""The tutorial's feedback panel, the same in every game's tutorial.

It says one of four things: how to begin (answer the question, or play the
task), an answer worked out by the rules (right or wrong, and after a wrong
one how to find it), a wrong attempt (the rule it broke or misread, in the
rulebook's words, and that another question has taken the task's place), or
the lesson's explanation once the task is done, with what the command caused.
A wrong attempt is never told what it would have earned, nor what the right
one is: the lesson's words say which rule it misread, and the learner works
the rest out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.markup import escape
from textual.widgets import Static

from atlantis_tui.screens.tutorial_questions import Answer
from core.kernel.i18n import _
from core.kernel.tutor import Verdict


def rule_link(rule: str) -> str:
    """``rule`` underlined; a click opens the rules there."""
    rule = escape(rule)
    return f"[@click=screen.rule('{rule}')][u]{rule}[/u][/]"


class FeedbackPanel(Static):
    """What the tutorial says about the learner's last answer or attempt."""

    def _mark(self, wrong: bool, right: bool, title: str | None) -> None:
        self.set_class(wrong, "-wrong")
        self.set_class(right, "-right")
        self.border_title = title

    def invite(self, asking: bool) -> None:
        """How to begin: answer the question, or play the task."""
        self._mark(False, False, None)
        if asking:
            self.update(
                _(
                    "Answer the question below with ↑ ↓ and Enter, or a click: the task "
                    "starts once you have. A wrong answer is explained, and another "
                    "question takes its place."
                )
            )
        else:
            self.update(
                _(
                    "Make your move with the keys below. A wrong move is not played, and "
                    "another question comes before you try again."
                )
            )

    def answered(self, answer: Answer, truth: int, worked: str) -> None:
        """An answer worked out by the rules; after a wrong one, how to find it."""
        quiz = answer.quiz
        shown = quiz.shown_options()
        right = shown[truth]
        if answer.right:
            self._mark(False, True, _("Right"))
            lines = [
                escape(_("Right: {answer}.").format(answer=right)) + " " + escape(worked),
                "",
                "[b]" + escape(_("Now the task, with the keys below.")) + "[/b]",
            ]
        else:
            self._mark(True, False, _("Not quite"))
            said = _("Not {chosen}: the answer is {answer}.").format(
                chosen=shown[answer.chosen], answer=right
            )
            lines = [
                escape(said) + " " + escape(worked),
                "",
                f"[dim]{escape(_(quiz.hint))}[/dim]",
                "",
                "[b]"
                + escape(
                    _("Another question has taken its place below: answer it to start the task.")
                )
                + "[/b]",
            ]
        self.update("\n".join(lines))

    def missed(self, verdict: Verdict[Any], quote: str) -> None:
        """A wrong attempt: the rule it broke or misread, and the question that follows."""
        link = rule_link(verdict.rule)
        if verdict.broken:
            # The rules refused the command: name the rule it broke.
            self._mark(True, False, _("Not allowed ({rule})").format(rule=verdict.rule))
            first = _("Rule {rule}: {why}").format(rule=link, why=escape(verdict.text))
        else:
            # A legal command that misses the task: no rule was broken.
            self._mark(True, False, _("Not the task"))
            first = escape(verdict.text)
        lines = [first, ""]
        if quote:
            lines += [f"[dim]{escape(quote)}[/dim]", ""]
        lines.append(
            "[b]"
            + _(
                "Nothing was played. Answer the question below, then try again; ? reads "
                "rule {rule}."
            ).format(rule=link)
            + "[/b]"
        )
        self.update("\n".join(lines))

    def done(self, text: str, following: str, happened: Sequence[tuple[str, str]]) -> None:
        """The lesson's explanation, what to do next, and what the command caused, each
        event with the rule it follows (when it names one)."""
        self._mark(False, True, _("Well done"))
        # What to do next comes before the details, so it is never below the fold.
        lines = [escape(text), "", following, "", "[b]" + escape(_("What happened:")) + "[/b]"]
        for rule, sentence in happened:
            if rule:
                link = f"[@click=screen.rule('{escape(rule)}')][b]{escape(rule)}[/b][/]"
                lines.append(f"{link} {escape(sentence)}")
            else:
                lines.append("· " + escape(sentence))
        self.update("\n".join(lines))
