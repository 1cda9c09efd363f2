# Recorded with browser-use; see ../record.py.
from typing import List, Optional

from browser_use import BrowserSession, Tools

tools = Tools()


@tools.action("Read a file the user uploaded, by its path.")
async def read_upload(path: str, browser_session: BrowserSession, limit: int = 10, mode=None) -> str:
    """Not sent."""
    return ""


@tools.action(description="Tag the current page.", terminates_sequence=True)
async def tag_page(tags: List[str], note: Optional[str] = None, page_url: str = "") -> str:
    return ""
