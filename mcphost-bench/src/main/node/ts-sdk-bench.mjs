// The TypeScript SDK as a bench subject: io.mcphost.bench.subject.SubjectProcess starts this under
// node 22 as
//   node ts-sdk-bench.mjs <sdk dir> <timeout ms> <echo argument> <server command> [server args...]
// It connects the SDK's Client over its StdioClientTransport to the server command (the same one
// the Java subjects start), then answers one JSON line on stdout per JSON line read on stdin:
//   {"op":"roundtrip","warmup":W,"calls":N}  -> W unmeasured calls, then N sequential calls
//   {"op":"burst","callers":C,"perCaller":P} -> C async loops of P sequential calls each
// Each answer is {"op":..., "ns":[per-call latency in ns...], "wallNs":..., "failures":..., "error":...}.
// The first line is {"ready":true,"sdk":"<version>","node":"<version>"} or {"error":"..."}. End of stdin closes the
// client (and so the server) and exits. Timing happens here, so no pipe hop to Java is counted.
// Diagnostics go to stderr only: stdout carries nothing but answer lines.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const [sdkDir, timeoutText, echoArg, command, ...args] = process.argv.slice(2);
const timeout = Number(timeoutText);
const TEXT = 'hello';

function answer(object) {
  process.stdout.write(JSON.stringify(object) + '\n');
}

// Imported by file URL: the SDK lives in fixtures/npm/node_modules, not next to this script.
const sdkModule = (path) => import(pathToFileURL(join(sdkDir, 'dist', 'esm', path)).href);

let client;
try {
  const { Client } = await sdkModule('client/index.js');
  const { StdioClientTransport } = await sdkModule('client/stdio.js');
  const version = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8')).version;
  client = new Client({ name: 'mcphost-bench', version: '1' });
  await client.connect(new StdioClientTransport({ command, args }), { timeout });
  answer({ ready: true, sdk: version, node: process.version });
} catch (e) {
  answer({ error: 'connect failed: ' + String(e) });
  process.exit(1);
}

// One echo call as a user of the SDK writes it; a wrong answer counts like a thrown one.
async function echo() {
  const result = await client.callTool({ name: 'echo', arguments: { [echoArg]: TEXT } }, undefined, { timeout });
  const first = result.content?.[0];
  if (first?.type !== 'text' || !first.text.endsWith(TEXT)) {
    throw new Error('echo answered ' + JSON.stringify(first));
  }
}

async function roundTrip(warmup, calls) {
  for (let i = 0; i < warmup; i++) {
    await echo();
  }
  const ns = new Array(calls);
  for (let i = 0; i < calls; i++) {
    const start = process.hrtime.bigint();
    await echo();
    ns[i] = Number(process.hrtime.bigint() - start);
  }
  return { ns, failures: 0 };
}

async function burst(callers, perCaller) {
  let failures = 0;
  let error;
  const perLoop = [];
  const loop = async (mine) => {
    for (let i = 0; i < perCaller; i++) {
      const start = process.hrtime.bigint();
      try {
        await echo();
        mine.push(Number(process.hrtime.bigint() - start));
      } catch (e) {
        failures++;
        error ??= String(e);
      }
    }
  };
  const start = process.hrtime.bigint();
  const loops = [];
  for (let c = 0; c < callers; c++) {
    const mine = [];
    perLoop.push(mine);
    loops.push(loop(mine));
  }
  await Promise.all(loops);
  const wallNs = Number(process.hrtime.bigint() - start);
  return { ns: perLoop.flat(), wallNs, failures, error };
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) {
    continue;
  }
  let op = '?';
  try {
    const command = JSON.parse(line);
    op = command.op;
    if (op === 'roundtrip') {
      answer({ op, ...(await roundTrip(command.warmup, command.calls)) });
    } else if (op === 'burst') {
      answer({ op, ...(await burst(command.callers, command.perCaller)) });
    } else {
      answer({ op, error: 'unknown op' });
    }
  } catch (e) {
    answer({ op, error: String(e) });
  }
}
try {
  await client.close();
} catch (e) {
  console.error('ts-sdk-bench: close failed: ' + String(e));
}
process.exit(0);
