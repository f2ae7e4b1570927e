# The smallest MCP server this machine runs: newline-delimited JSON-RPC over stdio in POSIX sh
# (dash: about 1 MiB per process, so a thousand fit), every step a shell builtin, no process per
# line. It answers initialize (echoing the client's protocol version), tools/list, tools/call of
# "echo" (its "text" argument back as text content) and ping; any other request gets -32601, and
# notifications are ignored. It reads fields by pattern, not by parsing JSON: enough for clients
# under test, which send plain compact requests.
while IFS= read -r line; do
  case $line in
    *'"id":'*) ;;
    *) continue ;;
  esac
  id=${line#*\"id\":}
  id=${id%%[,\}]*}
  case $line in
    *'"method":"initialize"'*)
      v=${line#*\"protocolVersion\":\"}
      v=${v%%\"*}
      printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"%s","capabilities":{"tools":{}},"serverInfo":{"name":"sh-floor","version":"1"}}}\n' "$id" "$v" ;;
    *'"method":"tools/list"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}]}}\n' "$id" ;;
    *'"method":"tools/call"'*)
      t=${line#*\"text\":\"}
      t=${t%%\"*}
      printf '{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"%s"}],"isError":false}}\n' "$id" "$t" ;;
    *'"method":"ping"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{}}\n' "$id" ;;
    *)
      printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"method not found"}}\n' "$id" ;;
  esac
done
