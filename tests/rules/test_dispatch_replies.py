"""A reply is not a handler (issue 18, held-out round 11, class X): in a hand-written MCP
server, `if name == "lookup_order": order_id = args.get("order_id");
self.send_response(request_id, {...})` handles the tool inline and sends the result; the
call is given the request id, not the arguments, so TL205/TL206 must not read its
signature. A branch that hands the arguments (or a value read from them) to a function
still makes that function the handler."""
from __future__ import annotations

import textwrap

SELECT = ["TL205", "TL206"]

TOOLS = '''
import json

TOOLS = [
    {
        "name": "lookup_order",
        "description": "Look up one order by its id. Call this when the user asks about an order's status.",
        "inputSchema": {
            "type": "object",
            "properties": {"order_id": {"type": "string", "description": "Order id such as 'ORD-1'."}},
            "required": ["order_id"],
        },
    },
    {
        "name": "cancel_order",
        "description": "Cancel one order by its id. Call this when the user asks to cancel an order.",
        "inputSchema": {
            "type": "object",
            "properties": {"order_id": {"type": "string", "description": "Order id such as 'ORD-1'."}},
            "required": ["order_id"],
        },
    },
]
'''

METHOD_REPLY = TOOLS + '''

class Server:
    def send_response(self, id, result):
        print(json.dumps({"id": id, "result": result}))

    def handle_call_tool(self, params, request_id):
        name = params.get("name")
        args = params.get("arguments", {})
        if name == "lookup_order":
            order_id = args.get("order_id")
            self.send_response(request_id, {"order_id": order_id, "status": "shipped"})
        elif name == "cancel_order":
            order_id = args.get("order_id")
            self.send_response(request_id, {"order_id": order_id, "status": "cancelled"})
        else:
            self.send_response(request_id, {"error": "unknown tool"})
'''

FUNCTION_REPLY = TOOLS + '''

def send_response(request_id, result):
    print(json.dumps({"id": request_id, "result": result}))


def handle(message):
    request_id = message["id"]
    args = message["params"]["arguments"]
    name = message["params"]["name"]
    if name == "lookup_order":
        send_response(request_id, {"order_id": args.get("order_id"), "status": "shipped"})
    elif name == "cancel_order":
        send_response(request_id, {"order_id": args["order_id"], "status": "cancelled"})
'''

CHECK_FIRST = TOOLS + '''

class Cache:
    def is_valid(self):
        return True


cache = Cache()


async def call_tool(name, arguments):
    if name == "lookup_order":
        order_id = (arguments or {}).get("order_id")
        if cache.is_valid():
            return [order_id]
    elif name == "cancel_order":
        return [arguments["order_id"]]
    raise ValueError(name)
'''


def _codes(lint, source):
    return [(line, code) for _, line, code in lint({"server.py": textwrap.dedent(source)}, select=SELECT)]


def test_a_reply_given_the_request_id_is_no_handler(lint):
    assert _codes(lint, METHOD_REPLY) == []


def test_a_reply_given_a_dict_built_from_the_arguments_is_no_handler(lint):
    assert _codes(lint, FUNCTION_REPLY) == []


def test_a_call_given_nothing_in_a_branch_that_reads_the_arguments_is_no_handler(lint):
    assert _codes(lint, CHECK_FIRST) == []


def test_a_function_handed_the_arguments_is_still_the_handler(lint):
    given = METHOD_REPLY.replace('''            order_id = args.get("order_id")
            self.send_response(request_id, {"order_id": order_id, "status": "shipped"})''', '''            self.send_response(request_id, self.lookup(args))''').replace(
        '''    def send_response(self, id, result):''', '''    def lookup(self, order, verbose):
        return {"status": "shipped"}

    def send_response(self, id, result):''')
    found = _codes(lint, given)
    assert ("TL205" in {code for _, code in found}) and all(code in SELECT for _, code in found)


def test_a_function_handed_a_value_read_from_the_arguments_is_still_the_handler(lint):
    given = FUNCTION_REPLY.replace('''        send_response(request_id, {"order_id": args.get("order_id"), "status": "shipped"})''',
                                   '''        send_response(request_id, lookup(args.get("order_id"), "full"))''').replace(
        '''def handle(message):''', '''def lookup(order_id, detail, verbose):
    return {"status": "shipped"}


def handle(message):''')
    assert "TL205" in {code for _, code in _codes(lint, given)}
