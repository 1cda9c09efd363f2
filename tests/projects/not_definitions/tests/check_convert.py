# Named check_*.py so pytest does not collect it; its test_ functions are what toollint skips.
import unittest

from convert import to_openai


def test_to_openai():
    result = to_openai(lambda city: city)
    assert result == {
        "type": "function",
        "function": {"name": "lookup", "description": "lookup", "parameters": {"type": "object"}},
    }


class ConvertTest(unittest.TestCase):
    def check(self):
        self.assertEqual(to_openai(None), {"name": "x", "input_schema": {"type": "string"}})

    def verify(self, got):
        assert got == [{"name": "y", "description": "y", "input_schema": {}}]
