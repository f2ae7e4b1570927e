#!/usr/bin/env bash
# A stdio MCP server cheap enough to start 10,000 times (io.mcphost.churn.ChurnSoak): bash alone, no
# runtime to load, so a connect/close cycle costs the client's work rather than the server's start.
# One JSON-RPC message a line. It answers initialize (echoing the client's revision), tools/list (one
# tool, echo), tools/call of echo, and ping; every other request (server/discover, the 2026-07-28 probe,
# among them) gets "method not found", which makes a client settle on the legacy era. Notifications
# and responses get no answer. It exits when stdin ends. It reads the fields with regular expressions,
# which holds for the messages McpClient writes (the "id" member before "params"), not for any JSON.
while IFS= read -r line; do
  [[ $line =~ \"id\":(\"[^\"]*\"|-?[0-9]+) ]] || continue
  id=${BASH_REMATCH[1]}
  [[ $line =~ \"method\":\"([^\"]*)\" ]] || continue
  case ${BASH_REMATCH[1]} in
    initialize)
      version=2025-11-25
      [[ $line =~ \"protocolVersion\":\"([^\"]*)\" ]] && version=${BASH_REMATCH[1]}
      printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"%s","capabilities":{"tools":{}},"serverInfo":{"name":"churn","version":"1"}}}\n' "$id" "$version"
      ;;
    tools/list)
      printf '{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"echo","description":"Returns the text it is given.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}]}}\n' "$id"
      ;;
    tools/call)
      text=
      [[ $line =~ \"text\":\"([^\"\\]*)\" ]] && text=${BASH_REMATCH[1]}
      printf '{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"%s"}]}}\n' "$id" "$text"
      ;;
    ping)
      printf '{"jsonrpc":"2.0","id":%s,"result":{}}\n' "$id"
      ;;
    *)
      printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}\n' "$id"
      ;;
  esac
done
