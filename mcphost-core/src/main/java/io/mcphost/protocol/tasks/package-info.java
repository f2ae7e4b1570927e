/**
 * MCP tasks (2025-11-25, experimental): a request sent with {@link io.mcphost.protocol.tasks.TaskMetadata}
 * in its {@code task} param is answered at once with a {@link io.mcphost.protocol.tasks.CreateTaskResult};
 * the requestor then polls {@code tasks/get}, fetches the result with {@code tasks/result} (its result is
 * the original request's result type, for example a {@code CallToolResult}, so it has no record here),
 * lists with {@code tasks/list} and cancels with {@code tasks/cancel}. The 2026-07-28 revision has no tasks.
 *
 * <p>Plain immutable records, thread-safe. Nothing is null: absent values are {@link java.util.Optional}
 * or empty lists, and a null argument to a factory throws {@link NullPointerException}.
 */
package io.mcphost.protocol.tasks;
