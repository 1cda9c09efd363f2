"""Records that have a name, a description and parameters without being tools."""


def discover_databases(rows):
    databases = []
    for _, row in rows:
        databases.append({"name": row.iloc[0], "description": "", "location_uri": "", "parameters": {}})
    return databases


def discover_tables(frame):
    tables = []
    for _, row in frame.iterrows():
        table_name = row.iloc[0]
        tables.append({"name": table_name, "description": "", "owner": "", "parameters": {}})
    return tables
