"""The agent loop: the definitions from one module, the dispatch from another that never
names them as tools (issue 18: a handlers module without the word)."""
import anthropic

from app.dispatch.commands import run_command
from app.dispatch.handlers import dispatch
from app.tools.defs import TOOLS

client = anthropic.Anthropic()


async def turn(messages):
    reply = client.messages.create(model="claude-sonnet-4-5", max_tokens=1024, tools=TOOLS, messages=messages)
    for block in reply.content:
        if block.type == "tool_use":
            await dispatch(block.name, block.input)


def console(line):
    return run_command(line)
