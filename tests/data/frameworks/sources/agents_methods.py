# Recorded with openai-agents; see ../record.py. `@function_tool` on a def in a class body,
# and at module level: its first self is sent.
from agents import function_tool


class WordTools:
    @function_tool
    def define(self, word: str) -> str:
        """Define a word. Use this when the user asks what a word means.

        Args:
            word: The word to define.
        """
        return word


@function_tool
def spell(self, word: str) -> str:
    """Spell a word. Use this when the user asks how a word is spelled.

    Args:
        word: The word to spell.
    """
    return word
