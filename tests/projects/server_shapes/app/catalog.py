"""Records that have a name, a description and parameters without being tools."""


def discover_databases(rows):
    databases = []
    for _, row in rows:
        databases.append({"name": row.iloc[0], "description": "", "location_uri": "", "parameters": {}})
    return databases
