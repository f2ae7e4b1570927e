package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ToolTask;
import io.mcphost.protocol.McpCancelledException;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.Settings;
import io.mcphost.protocol.tasks.CreateTaskResult;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskStatus;
import io.mcphost.protocol.tools.CallToolResult;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one {@link ToolTask}: the task's last known state, and the waiting for its result. Each wait
 * ({@link Await}) is a small state machine on virtual threads: look at the last known state; while
 * the task is {@code working}, pause (the server's {@code pollInterval}, else a backoff), then poll
 * {@code tasks/get}; a status notification ends the pause early; once the task has ended or needs
 * input, fetch {@code tasks/result}. One timer bounds the whole wait.
 */
final class RealToolTask implements ToolTask {
    private static final Duration FIRST_PAUSE = Duration.ofMillis(100);
    private static final Duration MAX_PAUSE = Duration.ofSeconds(2);
    /** A server suggesting 0 ms must not make us spin. */
    private static final Duration MIN_PAUSE = Duration.ofMillis(10);
    /** Requests of a wait may outlive its deadline by this much, so the wait's own timeout, naming the task, wins. */
    private static final Duration REQUEST_SLACK = Duration.ofSeconds(1);

    private final Tasks tasks;
    private final String toolName;
    private final String taskId;
    private final Optional<String> immediateResponse;
    private final Optional<RequestId> progressToken;
    private final Duration defaultTimeout;
    private final AtomicReference<Task> last;
    /** Bumped after every change of {@link #last}, so a wait can tell it missed one. */
    private final AtomicLong version = new AtomicLong();
    private final Set<Await> waiters = ConcurrentHashMap.newKeySet();

    /** The creating call's input handlers only: the questions of this task are that call's (Attribution). */
    private final CallOptions inputs;

    RealToolTask(Tasks tasks, String toolName, CreateTaskResult created, Optional<RequestId> progressToken,
                 Duration defaultTimeout, CallOptions inputs) {
        this.inputs = inputs;
        this.tasks = tasks;
        this.toolName = toolName;
        this.taskId = created.task().taskId();
        this.immediateResponse = created.modelImmediateResponse();
        this.progressToken = progressToken;
        this.defaultTimeout = defaultTimeout;
        this.last = new AtomicReference<>(created.task());
    }

    @Override
    public String taskId() {
        return taskId;
    }

    @Override
    public String toolName() {
        return toolName;
    }

    @Override
    public Task task() {
        return last.get();
    }

    @Override
    public Optional<String> modelImmediateResponse() {
        return immediateResponse;
    }

    CallOptions inputs() {
        return inputs;
    }

    Optional<RequestId> progressToken() {
        return progressToken;
    }

    @Override
    public Task refresh() {
        return tasks.await(refreshAsync());
    }

    @Override
    public CompletableFuture<Task> refreshAsync() {
        return tasks.get(taskId, CallOptions.defaults());
    }

    @Override
    public CallToolResult awaitResult() {
        return awaitResult(defaultTimeout);
    }

    @Override
    public CallToolResult awaitResult(Duration timeout) {
        return tasks.await(awaitResultAsync(timeout));
    }

    @Override
    public CompletableFuture<CallToolResult> awaitResultAsync(Duration timeout) {
        Settings.positive(timeout, "timeout");
        return await(timeout, timeout, false);
    }

    @Override
    public Task cancel() {
        return tasks.await(cancelAsync());
    }

    @Override
    public CompletableFuture<Task> cancelAsync() {
        return tasks.cancel(taskId);
    }

    /**
     * Takes a state the server reported. A terminal state is final (tasks, "Task Status Lifecycle"),
     * so a late answer saying {@code working} cannot undo it.
     */
    Task observe(Task task) {
        Task now = last.updateAndGet(current -> current.isTerminal() ? current : task);
        version.incrementAndGet();
        waiters.forEach(Await::wake);
        if (now.isTerminal()) {
            tasks.forget(this);
        }
        return now;
    }

    /** Fails every wait on this task with {@code cause}; the task itself is left alone. */
    void abandon(McpException cause) {
        waiters.forEach(wait -> wait.out.completeExceptionally(cause));
    }

    /**
     * Waits for the result, at most {@code timeout}. {@code owned}: the caller never saw this handle
     * (a transparent {@code callTool}), so giving up cancels the task; {@code callTimeout} is the
     * deadline to name in that case.
     */
    CompletableFuture<CallToolResult> await(Duration timeout, Duration callTimeout, boolean owned) {
        Await wait = new Await(timeout, callTimeout, owned);
        waiters.add(wait);
        wait.start();
        return wait.out;
    }

    static Duration remaining(long deadlineNanos) {
        return TaskBook.remaining(deadlineNanos);
    }

    @Override
    public String toString() {
        return "ToolTask[" + taskId + ", tool " + toolName + ", " + last.get().status() + "]";
    }

    private static String word(TaskStatus status) {
        return status.name().toLowerCase(Locale.ROOT);
    }

    /** The status and its message, e.g. {@code failed: rate limit exceeded}. */
    private static String state(Task task) {
        return word(task.status()) + task.statusMessage().map(m -> ": " + m).orElse("");
    }

    /**
     * One pause between polls. Its end is claimed once, by the timer or by a wake: cancelling the
     * timer is not enough, since a timer already running (its thread preempted on a loaded machine)
     * still counts as cancellable, and both would go on polling, in two chains.
     */
    private static final class Pause {
        private final AtomicBoolean ended = new AtomicBoolean();
        volatile ScheduledFuture<?> timer;

        boolean claim() {
            return ended.compareAndSet(false, true);
        }

        void cancelTimer() {
            ScheduledFuture<?> t = timer;
            if (t != null) {
                t.cancel(false);
            }
        }
    }

    /** One wait for the result. Its steps run one at a time, each on a virtual thread. */
    private final class Await {
        final CompletableFuture<CallToolResult> out = new CompletableFuture<>();
        final Duration timeout;
        final Duration callTimeout;
        final boolean owned;
        final long deadline;
        private volatile ScheduledFuture<?> expiry;
        private volatile Pause pause;
        private volatile Future<?> request;
        private int polls;

        Await(Duration timeout, Duration callTimeout, boolean owned) {
            this.timeout = timeout;
            this.callTimeout = callTimeout;
            this.owned = owned;
            this.deadline = System.nanoTime() + timeout.toNanos();
        }

        void start() {
            expiry = Tasks.TIMERS.schedule(() -> out.completeExceptionally(timedOut()), timeout.toNanos(), TimeUnit.NANOSECONDS);
            out.whenComplete((result, error) -> finish(error));
            tasks.executor().execute(this::step);
        }

        /** Decides the next move from the last known state. */
        private void step() {
            if (out.isDone()) {
                return;
            }
            long seen = version.get();
            Task now = last.get();
            switch (now.status()) {
                case COMPLETED, FAILED -> fetch();
                // input_required: tasks/result is where the server delivers its questions (tasks, "Input Required Status");
                // 2026-07-28 inlines them in tasks/get and takes the answers with tasks/update.
                case INPUT_REQUIRED -> answer(seen, now);
                case CANCELLED -> out.completeExceptionally(cancelled(now));
                case WORKING -> pause(seen, now);
            }
        }

        /**
         * The task's new questions answered (2026-07-28: tasks/update), then poll; nothing new: pause first.
         * Where the era answers none here (2025-11-25), the result request is where they arrive: fetch.
         */
        private void answer(long seen, Task now) {
            Optional<CompletableFuture<Boolean>> answering = tasks.answerInput(taskId, requestOptions());
            if (answering.isEmpty()) {
                fetch();
                return;
            }
            CompletableFuture<Boolean> sent = answering.get();
            track(sent);
            sent.whenCompleteAsync((answered, error) -> {
                if (error != null) {
                    out.completeExceptionally(tasks.unwrap(error));
                } else if (answered) {
                    poll();
                } else {
                    pause(seen, now);
                }
            }, tasks.executor());
        }

        /** Waits the poll interval (or less, if a status change arrives), then polls. */
        private void pause(long seen, Task now) {
            Pause next = new Pause();
            pause = next;
            next.timer = Tasks.TIMERS.schedule(() -> {
                if (next.claim()) {
                    tasks.executor().execute(this::poll);
                }
            }, pauseAfter(now).toNanos(), TimeUnit.NANOSECONDS);
            // A change that arrived between reading the state and arming the timer must not wait a pause.
            if ((version.get() != seen || out.isDone()) && next.claim()) {
                next.cancelTimer();
                tasks.executor().execute(this::step);
            }
        }

        /** A status change arrived: end the pause, if one is running. */
        void wake() {
            Pause current = pause;
            if (current != null && current.claim()) {
                current.cancelTimer();
                tasks.executor().execute(this::step);
            }
        }

        private Duration pauseAfter(Task now) {
            Optional<Duration> suggested = now.pollIntervalDuration();
            if (suggested.isPresent()) {
                return suggested.get().compareTo(MIN_PAUSE) < 0 ? MIN_PAUSE : suggested.get();
            }
            Duration backoff = FIRST_PAUSE.multipliedBy(1L << Math.min(polls, 5));
            return backoff.compareTo(MAX_PAUSE) > 0 ? MAX_PAUSE : backoff;
        }

        private void poll() {
            if (out.isDone()) {
                return;
            }
            polls++;
            CompletableFuture<Task> get = tasks.get(taskId, requestOptions());
            track(get);
            get.whenCompleteAsync((task, error) -> {
                if (error != null) {
                    out.completeExceptionally(tasks.unwrap(error));
                    return;
                }
                observe(task);
                step();
            }, tasks.executor());
        }

        private void fetch() {
            CompletableFuture<CallToolResult> result = tasks.result(taskId, Optional.of(toolName), requestOptions());
            track(result);
            result.whenCompleteAsync((value, error) -> {
                if (error == null) {
                    tasks.forget(RealToolTask.this);
                    out.complete(value);
                    return;
                }
                if (!(tasks.unwrap(error) instanceof McpError failure)) {
                    out.completeExceptionally(tasks.unwrap(error));
                    return;
                }
                // The server answered the result with an error: ask once more how the task ended, to say why.
                CompletableFuture<Task> get = tasks.get(taskId, requestOptions());
                track(get);
                get.whenCompleteAsync((task, e) -> {
                    Task known = task != null ? observe(task) : last.get();
                    out.completeExceptionally(known.status() == TaskStatus.CANCELLED ? cancelled(known)
                            : new McpError(tasks.server(), tasks.resultMethod() + " for task " + taskId + " of tool '" + toolName
                                    + "' (" + state(known) + ")", failure.error()));
                }, tasks.executor());
            }, tasks.executor());
        }

        private CallOptions requestOptions() {
            // The creator's input handlers ride along: a question asked while this request waits is the task's.
            return Attribution.withInputs(CallOptions.builder(), inputs).timeout(remaining(deadline).plus(REQUEST_SLACK)).build();
        }

        /** The request in flight, cancelled (which tells the server) if the wait ends meanwhile. */
        private void track(Future<?> future) {
            request = future;
            if (out.isDone()) {
                future.cancel(false);
            }
        }

        private void finish(Throwable error) {
            waiters.remove(this);
            cancel(expiry);
            Pause current = pause;
            if (current != null && current.claim()) {
                current.cancelTimer();
            }
            cancel(request);
            boolean gaveUp = out.isCancelled() || error instanceof CancellationException
                    || (error instanceof McpTimeoutException && System.nanoTime() >= deadline);
            if (owned && gaveUp && !last.get().isTerminal()) {
                tasks.cancelQuietly(taskId);
            }
        }

        private static void cancel(Future<?> future) {
            if (future != null) {
                future.cancel(false);
            }
        }

        private McpException timedOut() {
            Task now = last.get();
            if (owned) {
                return new McpTimeoutException(tasks.server(), "tool '" + toolName + "' ran as task " + taskId
                        + " and had no result within " + callTimeout + " (" + state(now) + "); "
                        + (tasks.canCancel() ? "the task is cancelled" : "the server cannot cancel tasks, so it goes on"));
            }
            if (now.isTerminal()) {
                return new McpTimeoutException(tasks.server(), "task " + taskId + " of tool '" + toolName + "' has ended ("
                        + state(now) + "), but its result did not arrive within " + timeout);
            }
            return new McpTimeoutException(tasks.server(), "task " + taskId + " of tool '" + toolName + "' has not ended within "
                    + timeout + " (" + state(now) + "); it goes on running on the server: await it again, or cancel it");
        }

        private McpException cancelled(Task task) {
            return new McpCancelledException(tasks.server(), "task " + taskId + " of tool '" + toolName + "' was cancelled"
                    + task.statusMessage().map(m -> ": " + m).orElse(""));
        }
    }
}
