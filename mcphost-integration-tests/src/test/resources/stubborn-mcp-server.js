// A minimal MCP server over stdio for host tests: answers initialize, tools/list (one tool, "echo")
// and tools/call, and ignores SIGTERM and the end of stdin, as badly behaved servers do. Only SIGKILL stops it.
process.on('SIGTERM', () => {});
process.stdin.on('end', () => {});
let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', chunk => {
  buffer += chunk;
  let nl;
  while ((nl = buffer.indexOf('\n')) >= 0) {
    const line = buffer.slice(0, nl);
    buffer = buffer.slice(nl + 1);
    if (!line.trim()) continue;
    const msg = JSON.parse(line);
    if (msg.id === undefined) continue;
    let result;
    if (msg.method === 'initialize') {
      result = {protocolVersion: msg.params.protocolVersion, capabilities: {tools: {}},
                serverInfo: {name: 'stubborn', version: '1.0'}};
    } else if (msg.method === 'tools/list') {
      result = {tools: [{name: 'echo', inputSchema: {type: 'object'}}]};
    } else if (msg.method === 'tools/call') {
      result = {content: [{type: 'text', text: 'stubborn'}]};
    } else {
      process.stdout.write(JSON.stringify({jsonrpc: '2.0', id: msg.id, error: {code: -32601, message: 'no ' + msg.method}}) + '\n');
      continue;
    }
    process.stdout.write(JSON.stringify({jsonrpc: '2.0', id: msg.id, result}) + '\n');
  }
});
setInterval(() => {}, 1 << 30);
