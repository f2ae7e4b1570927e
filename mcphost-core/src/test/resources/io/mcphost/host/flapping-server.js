// An MCP server that completes the handshake, lists one tool, then exits after FLAP_AFTER_MS:
// a crash loop as a host sees it. Written for McpHost's supervision tests.
const readline = require('readline');
const after = parseInt(process.env.FLAP_AFTER_MS || '300', 10);
const rl = readline.createInterface({ input: process.stdin });
const send = (m) => process.stdout.write(JSON.stringify(m) + '\n');
rl.on('line', (line) => {
  let msg;
  try { msg = JSON.parse(line); } catch (e) { return; }
  if (msg.method === 'initialize') {
    send({ jsonrpc: '2.0', id: msg.id, result: { protocolVersion: msg.params.protocolVersion,
      capabilities: { tools: {} }, serverInfo: { name: 'flapping', version: '1' } } });
  } else if (msg.method === 'notifications/initialized') {
    setTimeout(() => process.exit(3), after);
  } else if (msg.method === 'tools/list') {
    send({ jsonrpc: '2.0', id: msg.id, result: { tools: [{ name: 'noop', inputSchema: { type: 'object' } }] } });
  } else if (msg.id !== undefined) {
    send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'no such method' } });
  }
});
