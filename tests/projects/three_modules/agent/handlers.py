from agent import crm
from agent.crm import orders as order_service

TOOL_HANDLERS = {
    "search_customers": crm.search,
    "search_orders": order_service.search,
    "close_account": crm.close,
}
