package io.mcphost.transport;

/**
 * A transport capability with no methods, a promise: {@link Transport#start} may be called again after
 * {@link Transport#close}, and opens a new connection (HTTP: a new HTTP client and session). A client
 * over such a transport re-opens it lazily when used after close, and a supervising host reuses it
 * for the next attempt instead of building a new one. A transport without it (a stdio child process
 * runs once) is built anew.
 *
 * <p>Offered by {@link io.mcphost.transport.http.HttpTransport}; passed on unchanged by
 * {@link ForwardingTransport}, whose {@code start} starts the delegate again.
 */
public interface Reopenable {
}
