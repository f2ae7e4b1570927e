package io.mcphost.transport.memory;

import io.mcphost.protocol.JsonRpcMessage;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The bounded one-way channel from one side of a pair to the other. Like a socket buffer: what was
 * put before the sender closed is still taken by the receiver, then the receiver sees the end.
 * Thread-safe.
 */
final class Mailbox {

    /** What {@link #put} found when it could not deliver. */
    enum Refusal { NONE, SENDER_CLOSED, RECEIVER_CLOSED }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final Condition notFull = lock.newCondition();
    private final ArrayDeque<JsonRpcMessage> items;
    private final int capacity;
    private boolean senderClosed;
    private boolean receiverClosed;

    Mailbox(int capacity) {
        this.capacity = capacity;
        this.items = new ArrayDeque<>(Math.min(capacity, 1024));
    }

    /** Blocks while the mailbox is full; returns why the message was refused, or NONE. */
    Refusal put(JsonRpcMessage message) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (items.size() >= capacity && !senderClosed && !receiverClosed) {
                notFull.await();
            }
            if (senderClosed) {
                return Refusal.SENDER_CLOSED;
            }
            if (receiverClosed) {
                return Refusal.RECEIVER_CLOSED;
            }
            items.addLast(message);
            notEmpty.signal();
            return Refusal.NONE;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Blocks until a message arrives. Returns null when the sender closed and everything it sent
     * was taken, or when the receiver closed (the caller knows which).
     */
    JsonRpcMessage take() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (items.isEmpty() && !senderClosed && !receiverClosed) {
                notEmpty.await();
            }
            if (receiverClosed || items.isEmpty()) {
                return null;
            }
            JsonRpcMessage message = items.removeFirst();
            notFull.signal();
            return message;
        } finally {
            lock.unlock();
        }
    }

    void closeSender() {
        lock.lock();
        try {
            senderClosed = true;
            notEmpty.signalAll();
            notFull.signalAll();
        } finally {
            lock.unlock();
        }
    }

    void closeReceiver() {
        lock.lock();
        try {
            receiverClosed = true;
            items.clear();
            notEmpty.signalAll();
            notFull.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
