package io.mcphost.gateway.internal;

import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import io.mcphost.server.ToolCall;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

/**
 * Tasks through the gateway, between the eras. Whatever era the upstream speaks, the host runs the
 * upstream call to its end: a 2025-11-25 upstream runs it as a core task when the tool requires one
 * ({@code task} param, {@code tasks/get}, its questions on {@code tasks/result}), a 2026-07-28
 * upstream answers with a task of the tasks extension, and the host's client polls either to the
 * result. Downstream, the toolkit shapes the task in the client's era:
 * <ul>
 *   <li>a handshake-era client that sent the {@code task} param gets a core task from the toolkit,
 *       which runs the forwarding handler in the background; nothing here is needed;</li>
 *   <li>a 2026-07-28 request that declared the tasks extension, for a tool listed with
 *       {@code execution.taskSupport}, becomes a task when this relay says so
 *       ({@link ToolCall#continueAsTask()}): once the upstream call has run for {@link #SETTLE}
 *       without a question this round cannot answer, or as soon as it ends. Until then an
 *       upstream question is an input round of the request itself (a handshake-era upstream has no
 *       way to say that its tool moved to the background, so the gateway gives the questions asked
 *       at once the chance to come first, as a 2026-07-28 tool that asks and then continues as a
 *       task would); after it, each question makes the task {@code input_required} until
 *       {@code tasks/update} answers it, and {@code tasks/cancel} cancels the upstream call (a
 *       notification, or {@code tasks/cancel} of the upstream's task).</li>
 * </ul>
 * The task's outcome is the upstream's: its result ({@code isError} included) or its JSON-RPC
 * error. Stateless.
 */
final class TaskRelay {
    /**
     * The deadline of the upstream call of a task-capable tool: as long as a task may live at the
     * gateway (the toolkit's default {@code maxTaskTtl}), not the upstream's request timeout. A client
     * that cancels, or goes away, still ends it at once.
     */
    static final Duration UPSTREAM_TIMEOUT = Duration.ofHours(1);
    /** How long a task-capable call may stay the request itself, answering input rounds, before it becomes a task. */
    static final Duration SETTLE = Duration.ofMillis(300);
    /** How long the end of a call waits for a question thread that is still finishing, before it becomes a task. */
    private static final Duration LAST_QUESTION = Duration.ofSeconds(1);

    private TaskRelay() {
    }

    /** Whether calls of {@code tool} may run as tasks: it is listed with {@code taskSupport} optional or required. */
    static boolean mayRunAsTask(Tool tool) {
        return tool.execution().map(ToolExecution::effectiveTaskSupport).orElse(TaskSupport.FORBIDDEN) != TaskSupport.FORBIDDEN;
    }

    /**
     * Waits for the upstream call as {@link Upstream#await} does, and moves the downstream request to a
     * task where it may become one (see the class comment); returns or throws what the upstream call did,
     * into the task once there is one.
     */
    static CallToolResult await(CompletableFuture<CallToolResult> upstream, ToolCall call, InputRelay relay)
            throws InterruptedException {
        long settleBy = System.nanoTime() + SETTLE.toNanos();
        CallToolResult result;
        try {
            result = Upstream.await(upstream, call::isCancelled, relay, () -> {
                if (System.nanoTime() - settleBy >= 0) {
                    relay.continueAsTask(call, Duration.ZERO);
                }
            });
        } catch (CancellationException cancelled) {
            throw cancelled;
        } catch (RuntimeException failed) {
            if (relay.unwinding() == null && !call.isCancelled()) {
                relay.continueAsTask(call, LAST_QUESTION); // the task fails with the upstream's error
            }
            throw failed;
        }
        relay.continueAsTask(call, LAST_QUESTION); // ended within the wait: the answer still comes as the task's result
        return result;
    }
}
