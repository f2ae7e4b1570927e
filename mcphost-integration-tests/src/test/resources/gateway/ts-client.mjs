// A TypeScript SDK client calling tools through the McpHost gateway (GatewayInteropTest).
// Usage: node ts-client.mjs v1|v2 legacy|modern <package dir> <gateway url> <temp dir> <deadline ms>
// v1 is @modelcontextprotocol/sdk (Client, StreamableHTTPClientTransport), v2 @modelcontextprotocol/client;
// modern (v2 only) pins 2026-07-28 through the v2 client's versionNegotiation, legacy is its default.
// Prints one JSON line on stdout: what each call answered, or {"error": ...}; exits 0 either way
// (the Java test asserts on the line), 3 when the deadline passed.
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { readFileSync } from "node:fs";

const [flavour, era, pkgDir, url, dir, deadlineMs] = process.argv.slice(2);
setTimeout(() => {
  console.log(JSON.stringify({ error: `deadline of ${deadlineMs} ms passed` }));
  process.exit(3);
}, Number(deadlineMs)).unref();

const load = (file) => import(pathToFileURL(join(pkgDir, file)).href);
let Client, StreamableHTTPClientTransport;
if (flavour === "v1") {
  ({ Client } = await load("dist/esm/client/index.js"));
  ({ StreamableHTTPClientTransport } = await load("dist/esm/client/streamableHttp.js"));
} else {
  ({ Client, StreamableHTTPClientTransport } = await load("dist/index.mjs"));
}
const version = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")).version;

const options = { capabilities: {} };
if (era === "modern") {
  options.versionNegotiation = { mode: { pin: "2026-07-28" } };
}
const client = new Client({ name: `ts-sdk-${flavour}-${era}`, version: "1.0.0" }, options);
const transport = new StreamableHTTPClientTransport(new URL(url));
const out = { sdk: version, node: process.version };
try {
  await client.connect(transport);
  out.protocolVersion = client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion ?? null;
  out.server = client.getServerVersion();
  out.tools = (await client.listTools()).tools.map((t) => t.name);
  const call = (name, args) => client.callTool({ name, arguments: args });
  out.echo = await call("everything__echo", { message: `hello from ${flavour} ${era}` });
  out.created = await call("memory__create_entities", {
    entities: [{ name: `entity-${flavour}-${era}`, entityType: "test", observations: [`seen by ${flavour} ${era}`] }],
  });
  out.graph = await call("memory__read_graph", {});
  out.file = await call("filesystem__read_text_file", { path: join(dir, "hello.txt") });
  out.outside = await call("filesystem__read_text_file", { path: "/etc/hostname" });
} catch (e) {
  out.error = String(e?.stack ?? e);
} finally {
  try {
    await client.close();
  } catch {
    // the line below is what the test reads; a failed close must not hide it
  }
}
console.log(JSON.stringify(out));
process.exit(0);
