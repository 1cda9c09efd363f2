async def handle_tool(name, arguments):
    handler = getattr(Notes(), name)
    return await handler(**arguments)


class Notes:
    async def add_note(self, text):
        return []

    async def list_notes(self):
        return []
