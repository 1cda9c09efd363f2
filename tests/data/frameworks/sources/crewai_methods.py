# Recorded with crewai; see ../record.py. `@tool` on a def in a class body, and at module level.
from crewai.tools import tool


class WordTools:
    @tool("Fetch Word Definition")
    def fetch_word_definition(self, word: str) -> str:
        """Fetch the definition of an English word. Use this when the user asks what a word means."""
        return word

    @tool
    def count_letters(cls, word: str, letter: str = "e") -> int:
        """Count one letter in a word. Use this when the user asks how often a letter occurs."""
        return 0


@tool("Spell Word")
def spell_word(self, word: str) -> str:
    """Spell a word letter by letter. Use this when the user asks how a word is spelled."""
    return word


_TOOLS = [WordTools.fetch_word_definition, WordTools.count_letters, spell_word]
