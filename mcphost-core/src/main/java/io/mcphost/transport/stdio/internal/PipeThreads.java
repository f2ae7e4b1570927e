package io.mcphost.transport.stdio.internal;

/**
 * The threads that sit in blocking reads of a child's pipes: daemon platform threads with small
 * stacks, named after the server.
 *
 * <p>Not virtual threads: a virtual thread blocked in {@code FileInputStream.read} on a pipe does
 * not unmount; the scheduler compensates with one more carrier per blocked read, up to its cap of
 * 256, and past about 128 stdio clients (two reads each) every virtual thread of the JVM starved.
 * A platform thread parked in {@code read(2)} costs the kernel a task and a few KiB of touched stack,
 * and nothing else in the JVM waits for it. Each thread ends by itself when its pipe reaches its end,
 * which happens when the server's process tree is gone, so no thread outlives a closed transport.
 */
public final class PipeThreads {
    /**
     * Stack of the stdout reader: it parses each line into a tree and hands it to the client's
     * inbound handler, so it gets room for that; the JVM rounds it up to its own minimum.
     */
    public static final long READER_STACK_BYTES = 512 * 1024;
    /** Stack of the stderr drain: a copy loop and a logger call. */
    public static final long DRAIN_STACK_BYTES = 256 * 1024;

    private PipeThreads() {
    }

    /** Starts {@code body} on a new daemon platform thread named {@code name} with {@code stackBytes} of stack. */
    public static Thread start(String name, long stackBytes, Runnable body) {
        return Thread.ofPlatform().daemon().name(name).stackSize(stackBytes).start(body);
    }
}
