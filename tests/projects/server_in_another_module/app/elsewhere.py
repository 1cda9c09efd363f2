from some_library import server


@server.tool()
def not_a_project_server(x: int) -> int:
    """Some other library's server: nothing toollint can judge."""
    return x
