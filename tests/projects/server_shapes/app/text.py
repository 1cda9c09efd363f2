def folder_help(kind: str, plural: str) -> str:
    return f"Folder to file the {kind} under; the {plural} of one folder are listed together."
