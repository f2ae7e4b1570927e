package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.client.ToolTask;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tools.CallToolResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code mcphost tasks list|get|result|cancel}: the server's tasks (2025-11-25, experimental), as a
 * table or, with {@code --json}, the raw answers. Useful with servers that keep tasks across
 * connections (HTTP servers); a stdio server's tasks end with the connection this command opens.
 * Also runs {@code mcphost call --task} ({@link #callAsTask}). A server without the {@code tasks}
 * capability is a failure (exit 3). Blocking: each subcommand waits for its answers, at most the
 * request timeout each ({@code result} waits for the task to end). Not thread-safe: one instance per
 * command line.
 */
@Command(name = "tasks", description = "The server's tasks: tasks list | get <id> | result <id> | cancel <id>.",
        footer = {"", "Examples:", "  mcphost call --task slow_task steps=5", "  mcphost tasks list", "  mcphost tasks get <id>",
            "  mcphost tasks result <id>", "  mcphost tasks cancel <id>"})
final class TasksCommand {
    @ParentCommand
    McpHostCommand root;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Command(name = "list", description = "List the tasks the server shows this client.",
            footer = {"", "Examples:", "  mcphost tasks list", "  mcphost --json tasks list"})
    int list() {
        return onTasks(client -> {
            List<Task> tasks = client.tasks().listTasks();
            Printer p = root.printer();
            if (p.isJson()) {
                p.json(Map.of("tasks", tasks));
            } else if (tasks.isEmpty()) {
                root.err().println("(no tasks)");
                root.err().flush();
            } else {
                List<String[]> rows = new ArrayList<>();
                tasks.forEach(t -> rows.add(row(t)));
                p.table(rows);
            }
            return McpHostCommand.OK;
        });
    }

    @Command(name = "get", description = "Show one task's state.",
            footer = {"", "Examples:", "  mcphost tasks get 3f1c...", "  mcphost --json tasks get 3f1c..."})
    int get(@Parameters(paramLabel = "ID", description = "The task's id.") String id) {
        return onTasks(client -> show(client.tasks().getTask(id)));
    }

    @Command(name = "result", description = "Wait for a tool task to end and print its result like 'call' does."
            + " Exits 1 when the tool reports an error.",
            footer = {"", "Examples:", "  mcphost tasks result 3f1c...", "  mcphost --timeout 10m tasks result 3f1c..."})
    int result(@Parameters(paramLabel = "ID", description = "The task's id.") String id) {
        return onTasks(client -> {
            CallToolResult result = client.tasks().getTaskResult(id, CallOptions.builder().timeout(root.requestTimeout()).build());
            root.printResult(result);
            return result.isError() ? McpHostCommand.TOOL_ERROR : McpHostCommand.OK;
        });
    }

    @Command(name = "cancel", description = "Cancel a task and show its state.",
            footer = {"", "Examples:", "  mcphost tasks cancel 3f1c..."})
    int cancel(@Parameters(paramLabel = "ID", description = "The task's id.") String id) {
        return onTasks(client -> show(client.tasks().cancelTask(id)));
    }

    /** Runs {@code action} on the one server, or refuses (exit 3) when the server has no tasks capability. */
    private int onTasks(java.util.function.ToIntFunction<McpClient> action) {
        try (Target target = root.open(McpHostCommand.Need.oneServer())) {
            McpClient client = target.client();
            return supportsTasks(root, client) ? action.applyAsInt(client) : ExitCode.REFUSED;
        }
    }

    /** One task's state: its row, or with {@code --json} the task as the server sent it. */
    private int show(Task task) {
        Printer p = root.printer();
        if (p.isJson()) {
            p.json(task);
        } else {
            p.table(List.<String[]>of(row(task)));
        }
        return McpHostCommand.OK;
    }

    /**
     * {@code call --task}: starts the tool as a task, prints each status change on stderr while it
     * waits (the handle's last seen state, which polling and the server's status notifications keep
     * current, checked every 50 ms without I/O), then the result as {@code call} prints it.
     */
    static int callAsTask(McpHostCommand root, McpClient client, String tool, ObjectNode arguments, CallOptions options) {
        if (!supportsTasks(root, client)) {
            return ExitCode.REFUSED;
        }
        PrintWriter err = root.err();
        ToolTask task = client.tasks().callToolAsTask(tool, arguments, options, TaskMetadata.create());
        err.println("task " + task.taskId() + " started");
        err.flush();
        CompletableFuture<CallToolResult> result = task.awaitResultAsync(root.requestTimeout());
        Task last = null;
        while (true) {
            last = report(err, last, task.task());
            try {
                CallToolResult done = result.get(50, TimeUnit.MILLISECONDS);
                report(err, last, task.task());
                root.printResult(done);
                return done.isError() ? McpHostCommand.TOOL_ERROR : McpHostCommand.OK;
            } catch (TimeoutException stillRunning) {
                // look at the status again
            } catch (ExecutionException e) {
                report(err, last, task.task());
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                result.cancel(true);
                throw new io.mcphost.protocol.McpCancelledException(client.name(), "interrupted while waiting for task " + task.taskId());
            }
        }
    }

    /** Prints {@code now} if its status or message differs from {@code last}; returns the state to compare with next. */
    private static Task report(PrintWriter err, Task last, Task now) {
        if (last != null && last.status() == now.status() && last.statusMessage().equals(now.statusMessage())) {
            return last;
        }
        err.println("task " + now.taskId() + ": " + status(now) + now.statusMessage().map(m -> " — " + m).orElse(""));
        err.flush();
        return now;
    }

    private static boolean supportsTasks(McpHostCommand root, McpClient client) {
        if (client.serverCapabilities().tasks().isPresent()) {
            return true;
        }
        root.err().println("mcphost: " + client.name() + " does not support tasks (no tasks capability)");
        root.err().flush();
        return false;
    }

    private static String status(Task task) {
        return task.status().name().toLowerCase(Locale.ROOT);
    }

    private static String[] row(Task task) {
        return new String[] {task.taskId(), status(task), task.lastUpdatedAt(), task.statusMessage().orElse("")};
    }
}
