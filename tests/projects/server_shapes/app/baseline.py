"""A baseline script's table of test arguments per tool: a lookup, not a dispatch."""


class Baseline:
    def test_parameters(self, tool_name: str) -> dict:
        if tool_name == "chat":
            return {"prompt": "Say 'test complete'."}
        elif tool_name == "challenge":
            return {"prompt": "Is this a test?"}
        elif tool_name == "status":
            return {}
        return {}
