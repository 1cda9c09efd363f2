# Recorded with langchain-core; see ../record.py.
from langchain_core.retrievers import BaseRetriever
from langchain_core.tools import create_retriever_tool
from langchain_core.tools.retriever import create_retriever_tool as make_retriever_tool


class Papers(BaseRetriever):
    def _get_relevant_documents(self, query, *, run_manager):
        return []


papers = Papers()
paper_search = create_retriever_tool(papers, "paper_search",
                                     "Search the lab's papers. Use for questions about our published results.")
policy_search = make_retriever_tool(retriever=papers, name="policy_search",
                                    description="  Search the HR policies.\n  Use for leave and expenses.\n")
