# Recorded with pydantic-ai-slim; see ../record.py.
from pydantic_ai import Agent
from pydantic_ai.toolsets import FunctionToolset


class NotesToolset(FunctionToolset):
    """A toolset that adds its own methods: `self.add_function(self.method, ...)` (held-out round 57, M1)."""

    def __init__(self) -> None:
        super().__init__()
        self.notes: list[str] = []
        self.add_function(self.add_note, name="add_note")
        self.add_function(self.list_notes)

    def add_note(self, text: str, pinned: bool = False) -> str:
        """Store a note.

        Args:
            text: The note's text.
            pinned: Keep it on top of the list.
        """
        self.notes.append(text)
        return "ok"

    def list_notes(self) -> list[str]:
        """List the stored notes, newest first."""
        return self.notes


agent = Agent("test", toolsets=[NotesToolset()])
