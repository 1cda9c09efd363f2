"""smolagents: the definition lives in class attributes."""
from smolagents import Tool


class StockPriceTool(Tool):
    name = "stock_price"
    description = "Stock price."
    inputs = {
        "ticker": {"type": "string", "description": "Exchange ticker, e.g. AAPL."},
        "currency": {"type": "string", "description": "ISO 4217 code, e.g. USD.", "nullable": True},
    }
    output_type = "number"

    def forward(self, ticker: str, currency: str = "USD", exchange: str = "NASDAQ"):
        return 1.0
