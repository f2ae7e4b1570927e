/**
 * How configuration files are read: the JSON tree walk, variable substitution and env files.
 * Not exported; it may change without notice.
 */
package io.mcphost.config.internal;
