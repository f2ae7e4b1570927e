// A TypeScript SDK client signing in to the McpHost gateway with OAuth, then calling a tool
// (GatewayOAuthInteropTest).
// Usage: node ts-oauth-client.mjs v1|v2 legacy|modern oauth|stale|bearer|none <package dir> <gateway url> <deadline ms>
// v1 is @modelcontextprotocol/sdk, v2 @modelcontextprotocol/client (modern pins 2026-07-28, v2 only).
// oauth: an OAuthClientProvider kept in memory (dynamic registration, PKCE by the SDK) whose
//   redirectToAuthorization GETs the authorization URL itself, without following the redirect, and
//   keeps the callback's query; the script then calls transport.finishAuth and connects again.
// stale: the same, its provider holding $MCP_TEST_BEARER as a saved access token (no refresh token)
//   from the issuer $MCP_TEST_ISSUER.
// bearer: no provider; every request carries "Authorization: Bearer $MCP_TEST_BEARER".
// none: no provider, no token.
// Prints one JSON line on stdout: what the calls answered, or {"error": ...}; exits 0 either way
// (the Java test asserts on the line), 3 when the deadline passed.
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { createHash, randomBytes } from "node:crypto";

const [flavour, era, mode, pkgDir, url, deadlineMs] = process.argv.slice(2);
setTimeout(() => {
  console.log(JSON.stringify({ error: `deadline of ${deadlineMs} ms passed` }));
  process.exit(3);
}, Number(deadlineMs)).unref();

const load = (file) => import(pathToFileURL(join(pkgDir, file)).href);
let Client, StreamableHTTPClientTransport, UnauthorizedError;
if (flavour === "v1") {
  ({ Client } = await load("dist/esm/client/index.js"));
  ({ StreamableHTTPClientTransport } = await load("dist/esm/client/streamableHttp.js"));
  ({ UnauthorizedError } = await load("dist/esm/client/auth.js"));
} else {
  ({ Client, StreamableHTTPClientTransport, UnauthorizedError } = await load("dist/index.mjs"));
}

// Never printed whole: the test matches the hash against what the authorization server issued.
const sha256 = (text) => createHash("sha256").update(text).digest("hex");

/** An OAuthClientProvider holding everything in memory, for one sign-in without a user. */
class InMemoryProvider {
  constructor() {
    // A loopback redirect URL nobody listens on: the callback is read from the Location header.
    this.redirect = "http://127.0.0.1:8976/callback";
    this.authorizations = [];
  }
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata() {
    return {
      client_name: `mcphost-interop-${flavour}`,
      redirect_uris: [this.redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  state() {
    this.expectedState = randomBytes(16).toString("hex");
    return this.expectedState;
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(information) {
    this.client = information;
  }
  tokens() {
    return this.savedTokens;
  }
  saveTokens(tokens) {
    this.savedTokens = tokens;
  }
  saveCodeVerifier(verifier) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  // Kept so that the SDK can bind the callback leg to the authorization server it discovered
  // (v2 warns without it).
  saveDiscoveryState(state) {
    this.discovered = state;
  }
  discoveryState() {
    return this.discovered;
  }
  async redirectToAuthorization(authorizationUrl) {
    // The user agent's part: the authorization server approves at once and redirects to the callback.
    const response = await fetch(authorizationUrl, { redirect: "manual" });
    const location = response.headers.get("location");
    this.authorizations.push({
      url: authorizationUrl.origin + authorizationUrl.pathname,
      params: Object.fromEntries(authorizationUrl.searchParams),
      status: response.status,
    });
    if (!location) {
      throw new Error(`authorization answered ${response.status} without a Location: ${await response.text()}`);
    }
    const callback = new URL(location);
    if (callback.searchParams.get("state") !== this.expectedState) {
      throw new Error(`the callback's state ${callback.searchParams.get("state")} is not the one sent`);
    }
    this.callback = callback.searchParams;
  }
}

const options = { capabilities: {} };
if (era === "modern") {
  options.versionNegotiation = { mode: { pin: "2026-07-28" } };
}
const provider = mode === "oauth" || mode === "stale" ? new InMemoryProvider() : undefined;
if (mode === "stale") {
  // Stored as the SDK stores what it got, stamped with the issuer that issued it.
  provider.saveTokens({ access_token: process.env.MCP_TEST_BEARER, token_type: "Bearer", issuer: process.env.MCP_TEST_ISSUER });
}
// Every request the transport makes (to the gateway, and for the provider to the authorization
// server), with the status it got: the test checks the discovery the SDK did.
const requests = [];
const recordingFetch = async (input, init) => {
  const response = await fetch(input, init);
  const target = new URL(input instanceof Request ? input.url : input);
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  requests.push({ method: init?.method ?? (input instanceof Request ? input.method : "GET"),
    url: target.origin + target.pathname, status: response.status, authorized: headers.has("authorization") });
  return response;
};
const transportOptions = () => {
  if (provider) {
    return { authProvider: provider, fetch: recordingFetch };
  }
  if (mode === "bearer") {
    return { fetch: recordingFetch, requestInit: { headers: { Authorization: `Bearer ${process.env.MCP_TEST_BEARER}` } } };
  }
  return { fetch: recordingFetch };
};
const newTransport = () => new StreamableHTTPClientTransport(new URL(url), transportOptions());
const newClient = () => new Client({ name: `ts-sdk-${flavour}-${era}`, version: "1.0.0" }, options);

const out = { flavour, era, mode };
let client = newClient();
try {
  let transport = newTransport();
  try {
    await client.connect(transport);
  } catch (e) {
    if (!provider || !(e instanceof UnauthorizedError) || !provider.callback) {
      throw e;
    }
    out.firstAttempt = e.constructor.name; // v1's UnauthorizedError leaves name "Error"
    // After UnauthorizedError and the redirect, the transport that started the flow exchanges the
    // code (v2 takes the callback's query, checking its iss; v1 the code alone); then connect anew.
    await (flavour === "v1" ? transport.finishAuth(provider.callback.get("code")) : transport.finishAuth(provider.callback));
    await client.close().catch(() => {});
    client = newClient();
    transport = newTransport();
    await client.connect(transport);
  }
  out.protocolVersion = client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion ?? null;
  out.server = client.getServerVersion();
  out.tools = (await client.listTools()).tools.map((t) => t.name);
  out.echo = await client.callTool({ name: "beta__echo", arguments: { text: `hello from ${flavour} ${era}` } });
  if (provider) {
    out.authorizations = provider.authorizations;
    out.registeredClientId = provider.client?.client_id ?? null;
    out.accessTokenSha256 = provider.savedTokens?.access_token ? sha256(provider.savedTokens.access_token) : null;
    out.tokenType = provider.savedTokens?.token_type ?? null;
  }
} catch (e) {
  out.error = String(e?.stack ?? e);
  out.errorName = e?.name ?? null;
  out.errorCode = e?.code ?? null;
  // The HTTP status behind the error: v1's StreamableHTTPError has it as code, v2's SdkHttpError as status.
  out.httpStatus = [e?.status, e?.code].find((s) => typeof s === "number") ?? null;
} finally {
  try {
    await client.close();
  } catch {
    // the line below is what the test reads; a failed close must not hide it
  }
}
out.requests = requests;
console.log(JSON.stringify(out));
process.exit(0);
