"""Drives `omp-host mcp --listen` with the official MCP Python SDK's Streamable HTTP client,
as two agents sharing one server would: client A lists, calls with progress, cancels a slow
call, answers a tool's questions (elicitation) and stages a preview; client B tries to resolve
it (refused: not its own); A resolves it. Prints what it saw as one JSON line
(tests/suite/mcp_http.rs).

Usage: python http_session.py URL TOKEN
"""

import json
import sys

import anyio
import mcp.types as types
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

URL, TOKEN = sys.argv[1], sys.argv[2]


def text(result):
    return result.content[0].text if result.content else None


async def answer_form(_context, params):
    """Answers a select with "green" and a confirmation with true."""
    properties = params.requested_schema.get("properties", {}) if params.requested_schema else {}
    content = {}
    for name, schema in properties.items():
        if schema.get("type") == "boolean":
            content[name] = True
        elif "enum" in schema:
            content[name] = "green" if "green" in schema["enum"] else schema["enum"][0]
        elif "oneOf" in schema:
            values = [option.get("const") for option in schema["oneOf"]]
            content[name] = "green" if "green" in values else values[0]
        else:
            content[name] = "green"
    return types.ElicitResult(action="accept", content=content)


async def client(name, http, run):
    async with streamable_http_client(URL, http_client=http) as (read, write):
        async with ClientSession(read, write, client_info=types.Implementation(name=name, version="1.0.0"), elicitation_callback=answer_form) as session:
            init = await session.initialize()
            return await run(session, init)


async def main():
    seen = {}
    http = create_mcp_http_client(headers={"Authorization": f"Bearer {TOKEN}"})

    async def as_a(session, init):
        seen["server"] = init.server_info.name
        seen["tools"] = [tool.name for tool in (await session.list_tools()).tools]
        progress = []

        async def on_progress(_progress, _total, message):
            progress.append(message)

        steps = await session.call_tool("steps", {"n": 3}, progress_callback=on_progress)
        seen["steps"] = text(steps)
        seen["progress"] = progress

        began = anyio.Event()

        async def slow_began(_progress, _total, _message):
            began.set()

        async with anyio.create_task_group() as group:

            async def slow():
                await session.call_tool("slow", {"secs": 67.5}, progress_callback=slow_began)
                seen["slow"] = "finished"

            group.start_soon(slow)
            await began.wait()
            group.cancel_scope.cancel()
        seen.setdefault("slow", "cancelled")

        seen["picked"] = text(await session.call_tool("pick", {}))
        seen["staged"] = text(await session.call_tool("stage", {"name": "from-py"}))

        async def as_b(other, _init):
            refused = await other.call_tool("resolve", {"action": "apply", "reason": "b tries"})
            return {"isError": refused.is_error, "text": text(refused)}

        seen["refused"] = await client("python-b", http, as_b)
        applied = await session.call_tool("resolve", {"action": "apply", "reason": "a applies"})
        seen["applied"] = {"isError": applied.is_error, "text": text(applied)}

    async with http:
        await client("python-a", http, as_a)
    print(json.dumps(seen))


anyio.run(main)
