/**
 * OAuth 2.1 for remote MCP servers, as the MCP authorization specification (2025-11-25 and
 * 2026-07-28, with the 2025-03-26 fallbacks) describes it: protected resource and authorization
 * server discovery, PKCE, client identity (pre-registered, Client ID Metadata Documents, Dynamic
 * Client Registration), the authorization code, client credentials, JWT bearer and
 * enterprise-managed grants, refresh, step-up, and a token store.
 *
 * <p>Configure it with {@link io.mcphost.auth.OAuthSettings} on
 * {@link io.mcphost.transport.http.HttpTransport.Builder#oauth}; the client's request pipeline
 * then authorises when a server answers 401. Blocking calls ({@link io.mcphost.auth.OAuthClient#authorize},
 * {@link io.mcphost.auth.OAuthClient#login}) belong on virtual threads. Every type here is
 * thread-safe unless it says otherwise; null arguments throw {@link NullPointerException}.
 * Tokens, secrets, codes and verifiers are never logged and never in an exception message.
 * See {@code docs/oauth.md}.
 */
package io.mcphost.auth;
