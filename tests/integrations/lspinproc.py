"""`toollint server` in this process: a fresh server (its module reloaded, so no state is
left from another test) runs pygls's stdio loop in a thread on a pair of pipes, and the
test's LanguageClient speaks to it over them with pygls's own reader and writer. The same
messages and handlers as the subprocess, without an interpreter start and the imports of
pygls, lsprotocol, toollint and libcst (about a second of CPU a test); tests/integrations/
test_lsp.py keeps the real `python -m toollint server` process."""
from __future__ import annotations

import asyncio
import importlib
import logging
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

from pygls.io_ import StdinAsyncReader, StdoutWriter, run_async
from pygls.lsp.client import LanguageClient


class InProcessServer:
    def __init__(self) -> None:
        name = "toollint.lsp.server"  # its `server` holds a session's state: a fresh one each
        self.module = importlib.reload(sys.modules[name]) if name in sys.modules else importlib.import_module(name)
        to_server, self._client_out = os.pipe()
        self._client_in, from_server = os.pipe()
        self._readers = [open(to_server, "rb"), open(self._client_in, "rb")]  # closed by close()
        self.thread = threading.Thread(target=self.module.server.start_io, name="toollint-lsp-test",
                                       args=(self._readers[0], open(from_server, "wb")), daemon=True)
        self._reading = ThreadPoolExecutor(max_workers=1, thread_name_prefix="toollint-lsp-client")
        self._stop = threading.Event()
        self._tasks = []

    @property
    def engine_lock(self):
        """Held while the server's engine runs: the test's own in-process `toollint check`
        takes it too, as the engine is one run at a time (lsp/lint.py)."""
        return self.module.server.linter._lock

    async def connect(self, client: LanguageClient) -> None:
        self.thread.start()
        client.protocol.set_writer(StdoutWriter(open(self._client_out, "wb")))
        reader = StdinAsyncReader(self._readers[1], self._reading)
        self._tasks.append(asyncio.create_task(run_async(
            stop_event=self._stop, reader=reader, protocol=client.protocol,
            logger=logging.getLogger(__name__), error_handler=client.report_server_error)))

    async def close(self, client: LanguageClient, timeout: float) -> None:
        """After `exit`: the server closes its end, which ends our reader; closing ours ends its."""
        client.protocol.writer.close()
        await asyncio.wait_for(asyncio.gather(*self._tasks), timeout)
        await asyncio.get_running_loop().run_in_executor(None, self.thread.join, timeout)
        assert not self.thread.is_alive(), "the in-process server did not stop after exit"
        self._reading.shutdown()
        for reader in self._readers:
            reader.close()
