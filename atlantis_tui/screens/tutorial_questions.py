"""The lessons' list and a lesson's question, as every game's tutorial shows them.

A question is asked before its lesson's task can be tried, and again after
every wrong answer or wrong attempt (``TutorialShell``): the options start
with none highlighted, so that an Enter meant for the board never answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from core.kernel.i18n import _
from core.kernel.tutor import AnyLesson, Quiz


class LessonList(OptionList, can_focus=False):
    """The lessons with a tick for each one completed; click one to open it.

    It never takes the focus, so the arrow keys stay with the board.
    """


class QuestionList(OptionList):
    """The options of the lesson's question; Enter or a click answers."""

    def ask(self, quiz: Quiz[Any]) -> None:
        """Show ``quiz``'s options with none highlighted, and take the focus."""
        self.clear_options()
        self.add_options(Option(text, id=str(i)) for i, text in enumerate(quiz.shown_options()))
        # Nothing highlighted: Enter pressed for the board never answers by accident.
        self.highlighted = None
        self.focus(scroll_visible=False)


@dataclass(frozen=True)
class Answer:
    """The learner's answer to one question: which option, and whether it was right."""

    quiz: Quiz[Any]
    chosen: int
    right: bool


def lesson_label(index: int, lesson: AnyLesson, done: bool) -> Text:
    """``✓ 3 Split a blue set``: a lesson in the list, ticked once completed."""
    text = Text()
    text.append("✓ " if done else "  ", style="bold green")
    text.append(f"{index + 1} {_(lesson.title)}")
    return text
