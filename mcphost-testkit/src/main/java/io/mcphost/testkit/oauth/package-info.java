/**
 * OAuth fixtures on loopback: a small authorization server ({@link io.mcphost.testkit.oauth.OAuthTestServer})
 * and an MCP server behind a bearer check ({@link io.mcphost.testkit.oauth.ProtectedMcpServer}),
 * for tests of OAuth clients. Real HTTP, nothing mocked; not for production.
 */
package io.mcphost.testkit.oauth;
