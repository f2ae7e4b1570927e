package io.mcphost.transport;

import java.util.concurrent.Future;
import java.util.function.IntSupplier;

/**
 * A transport capability: a caller's thread that waits for an answer may read and deliver inbound
 * messages itself for a short while, one wake-up fewer per call than being woken by the reader
 * thread.
 *
 * <p>Offered by {@link io.mcphost.transport.stdio.StdioTransport}; passed on unchanged by
 * {@link ForwardingTransport}, whose inbound hook then runs on the lent thread. Thread-safe: any
 * number of callers may lend at once; at most one of them reads at a time.
 */
public interface CallerLending {

    /**
     * Offers the calling thread, which waits for {@code answered}, to read and deliver inbound
     * messages. Never blocks in I/O and returns within a short budget (stdio: 200 µs), as soon as
     * {@code answered} is done, or at once when others wait or another thread reads; the caller then
     * waits for {@code answered} as usual. {@code waiting} counts the requests that wait for answers,
     * this one included. Messages read meanwhile go to the {@link InboundHandler} on this thread, in
     * order.
     */
    void lend(Future<?> answered, IntSupplier waiting);
}
