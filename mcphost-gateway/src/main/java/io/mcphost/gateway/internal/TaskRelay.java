package io.mcphost.gateway.internal;

import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import io.mcphost.server.ToolCall;
import java.time.Duration;

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
 *       {@code execution.taskSupport}, becomes a task before the upstream call starts
 *       ({@link #startAsTask}); every question the upstream asks then makes the task
 *       {@code input_required} until {@code tasks/update} answers it, and {@code tasks/cancel} cancels
 *       the upstream call (a notification, or {@code tasks/cancel} of the upstream's task).</li>
 * </ul>
 * Deciding before anything happens is what keeps the choice free of timing: the upstream's first
 * question cannot race it, and no question is ever put to the request and then to the task. (A
 * handshake-era upstream has no way to say that its tool moved to the background, so nothing it does
 * could decide it later without a clock.) It also runs the upstream tool exactly once: an input round
 * of the request would call the upstream call off and run it again with the answer. The task's outcome
 * is the upstream's: its result ({@code isError} included) or its JSON-RPC error. Stateless.
 */
final class TaskRelay {
    /**
     * The deadline of the upstream call of a task-capable tool: as long as a task may live at the
     * gateway (the toolkit's default {@code maxTaskTtl}), not the upstream's request timeout. A client
     * that cancels, or goes away, still ends it at once.
     */
    static final Duration UPSTREAM_TIMEOUT = Duration.ofHours(1);

    private TaskRelay() {
    }

    /** Whether calls of {@code tool} may run as tasks: it is listed with {@code taskSupport} optional or required. */
    static boolean mayRunAsTask(Tool tool) {
        return tool.taskSupport() != TaskSupport.FORBIDDEN;
    }

    /**
     * Moves the downstream call to a task when its request allows one (see the class comment); call it
     * before the upstream call starts. Returns whether the call runs as a task.
     */
    static boolean startAsTask(ToolCall call) {
        return call.continueAsTask();
    }
}
