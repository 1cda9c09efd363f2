"""A graph server whose tool names carry a namespace given on the command line."""
import argparse

from . import server


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--namespace", default="", help="prefix for every tool name")
    args = parser.parse_args()
    server.create_mcp_server(namespace=args.namespace).run()
