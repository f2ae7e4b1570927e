package io.mcphost.transport.http.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Feeds a body to its subscriber, chunk by chunk, as the subscriber asks (Reactive Streams rules: no
 * more {@code onNext} than requested, all signals from the exchange's thread, in order), for
 * {@link PlainHttpClient}. At the body's end it runs {@code onEnd} (the connection back to the pool)
 * before {@code onComplete}; a cancel by the subscriber closes the connection unless the body had ended.
 * The exchange's thread calls {@link #run()}; {@link #request} and {@link #cancel} may come from any thread.
 */
final class BodyPump implements Flow.Subscription {
    private static final int CHUNK = 16 * 1024;

    private final InputStream body;
    private final HttpResponse.BodySubscriber<?> subscriber;
    private final Http1Connection connection;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition asked = lock.newCondition();
    private long demand;
    private boolean cancelled;
    private boolean finished;
    /** Closed under the body, not cancelled by the subscriber: it must get onError. */
    private boolean aborted;
    private IllegalArgumentException badRequest;
    private final Runnable onEnd;

    BodyPump(InputStream body, HttpResponse.BodySubscriber<?> subscriber, Http1Connection connection, Runnable onEnd) {
        this.body = body;
        this.subscriber = subscriber;
        this.connection = connection;
        this.onEnd = onEnd;
        connection.onAbort(this::stop); // closed under us (shutdownNow): a pump waiting for demand ends too
    }

    /** The connection was closed under the body (shutdownNow, an aborted exchange): the subscriber hears of it. */
    private void stop() {
        lock.lock();
        try {
            aborted = true;
            asked.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Runs until the body ends (true) or the subscriber cancels or the read fails (false). */
    boolean run() {
        subscriber.onSubscribe(this);
        byte[] buffer = new byte[CHUNK];
        while (true) {
            lock.lock();
            try {
                while (demand == 0 && !cancelled && !aborted && badRequest == null) {
                    asked.awaitUninterruptibly();
                }
                if (cancelled) {
                    return false;
                }
                if (badRequest != null || aborted) {
                    cancelled = true;
                    subscriber.onError(badRequest != null ? badRequest // rule 3.9
                            : new IOException("the connection was closed before the answer's end"));
                    return false;
                }
                demand--;
            } finally {
                lock.unlock();
            }
            int n;
            try {
                n = body.read(buffer);
            } catch (IOException e) {
                if (!isCancelled()) {
                    subscriber.onError(e);
                }
                return false;
            }
            if (n < 0) {
                lock.lock();
                try {
                    if (cancelled) {
                        return false; // cancelled as the body ended: the cancel closes the connection
                    }
                    finished = true;
                } finally {
                    lock.unlock();
                }
                onEnd.run(); // the connection back in the pool before anyone hears the answer is complete
                subscriber.onComplete();
                return true;
            }
            subscriber.onNext(List.of(ByteBuffer.wrap(Arrays.copyOf(buffer, n))));
        }
    }

    private boolean isCancelled() {
        lock.lock();
        try {
            return cancelled;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void request(long n) {
        lock.lock();
        try {
            if (n <= 0) {
                badRequest = new IllegalArgumentException("non-positive request: " + n);
            } else {
                demand = demand + n < 0 ? Long.MAX_VALUE : demand + n;
            }
            asked.signal();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void cancel() {
        boolean abort;
        lock.lock();
        try {
            abort = !finished && !cancelled;
            cancelled = true;
            asked.signal();
        } finally {
            lock.unlock();
        }
        if (abort) {
            connection.abort(); // a read blocked on a stream nobody wants ends now; the connection is not reused
        }
    }
}
