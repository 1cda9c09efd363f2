"""The console's own commands: a table of callables whose keys are not the model's."""


def show_help():
    return "help"


def quit_console():
    return None


COMMANDS = {"help": show_help, "quit": quit_console}


def run_command(line):
    if line == "help":
        return show_help()
    elif line == "quit":
        return quit_console()
    return COMMANDS[line]()
