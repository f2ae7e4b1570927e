package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.completion.PromptReference;
import io.mcphost.protocol.completion.ResourceTemplateReference;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.internal.JsonSchemaValidator;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.PromptArgument;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import io.mcphost.protocol.tools.internal.FastResults;
import io.mcphost.protocol.utilities.ProgressNotificationParams;
import io.mcphost.protocol.utilities.ProgressToken;
import io.mcphost.server.CompletionHandler;
import io.mcphost.server.ErrorReply;
import io.mcphost.server.InteractiveResourceReader;
import io.mcphost.server.ToolCall;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The feature requests of the server: lists with pages, tool calls (plain or as tasks), reads, prompts, completions. */
final class Requests {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final int MAX_COMPLETION_VALUES = 100;

    private final Registry registry;
    private final Scope connection;

    Requests(Registry registry, Scope connection) {
        this.registry = registry;
        this.connection = connection;
    }

    JsonNode listTools(JsonNode params) {
        return page(params, "tools", registry.listedTools(), e -> e.tool());
    }

    JsonNode listResources(JsonNode params) {
        return page(params, "resources", registry.listedResources(), Registry.ResourceEntry::resource);
    }

    JsonNode listTemplates(JsonNode params) {
        return page(params, "resourceTemplates", registry.listedTemplates(), Registry.TemplateEntry::template);
    }

    JsonNode listPrompts(JsonNode params) {
        return page(params, "prompts", registry.listedPrompts(), Registry.PromptEntry::prompt);
    }

    /** {@code skills/list} (Skills extension): whole entries per page, so an entry is never split. */
    JsonNode listSkills(JsonNode params) {
        return page(params, "skills", skills(McpMethod.SKILLS_LIST).entries(), Requests::skillJson);
    }

    /** {@code skills/get}: the entry of a served skill; an unknown URI is invalid params (spec, Skills: errors). */
    JsonNode getSkill(JsonNode params) {
        String uri = requiredString(params, "uri", McpMethod.SKILLS_GET);
        Skill skill = skills(McpMethod.SKILLS_GET).entry(uri).orElseThrow(() ->
                new RequestException(JsonRpcError.INVALID_PARAMS, "Unknown skill: " + uri, CODEC.newObject().put("uri", uri)));
        ObjectNode result = CODEC.newObject();
        result.set("skill", skillJson(skill));
        return result;
    }

    /** {@code resources/directory/read}: a skill directory's direct children, paged like resources/list. */
    JsonNode readDirectory(JsonNode params) {
        String uri = requiredString(params, "uri", McpMethod.RESOURCES_DIRECTORY_READ);
        List<Resource> children = skills(McpMethod.RESOURCES_DIRECTORY_READ).directory(uri).orElseThrow(() ->
                new RequestException(JsonRpcError.INVALID_PARAMS, "Not a directory: " + uri, CODEC.newObject().put("uri", uri)));
        return page(params, "resources", children, r -> r);
    }

    private SkillCatalog skills(String method) {
        SkillCatalog skills = registry.skills();
        if (skills.isEmpty()) {
            throw new RequestException(JsonRpcError.METHOD_NOT_FOUND, "Method not found: " + method + " (this server offers no skills)");
        }
        return skills;
    }

    /** Written field by field: the entry's wire shape is exactly its three members. */
    private static JsonNode skillJson(Skill skill) {
        ObjectNode json = CODEC.newObject();
        json.put("uri", skill.uri());
        json.set("frontmatter", skill.frontmatter());
        if (skill.resources() != null) {
            json.set("resources", skill.resources());
        }
        return json;
    }

    /** Cursors are opaque to clients; ours is simply the index of the page's first item. */
    private <E> JsonNode page(JsonNode params, String field, List<E> all, Function<E, Object> item) {
        int from = 0;
        JsonNode cursor = params.path("cursor");
        if (cursor.isString()) {
            try {
                from = Integer.parseInt(cursor.stringValue());
            } catch (NumberFormatException e) {
                from = -1;
            }
            if (from < 0 || from > all.size()) {
                throw new RequestException(JsonRpcError.INVALID_PARAMS, "invalid cursor: " + cursor.stringValue());
            }
        }
        int to = Math.min(all.size(), from + registry.pageSize());
        ObjectNode result = CODEC.newObject();
        ArrayNode items = result.putArray(field);
        for (E entry : all.subList(from, to)) {
            items.add(CODEC.valueToTree(item.apply(entry)));
        }
        if (to < all.size()) {
            result.put("nextCursor", Integer.toString(to));
        }
        return result;
    }

    JsonNode callTool(JsonNode params, AtomicBoolean cancelled) {
        String name = requiredString(params, "name", "tools/call");
        Registry.ToolEntry entry = registry.tool(name, "tools/call").orElse(null);
        if (entry == null) {
            // Spec (tools, error handling): an unknown tool is a protocol error, worded like this.
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "Unknown tool: " + name);
        }
        JsonNode arguments = params.path("arguments");
        if (arguments.isMissingNode() || arguments.isNull()) {
            arguments = CODEC.newObject();
        } else if (!arguments.isObject()) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "the arguments of tool '" + name + "' must be an object");
        }
        Optional<JsonNode> meta = Optional.ofNullable(params.get("_meta")).filter(JsonNode::isObject);
        if (connection.tasksEnabled()) {
            TaskSupport support = entry.tool().taskSupport();
            // Spec (tasks, tool-level negotiation): -32601 both for a task the tool forbids and for a plain call it forbids.
            if (params.path("task").isObject()) {
                if (support == TaskSupport.FORBIDDEN) {
                    throw new RequestException(JsonRpcError.METHOD_NOT_FOUND, "tool '" + name + "' does not run as a task");
                }
                return connection.tasks().create(this, entry, arguments, meta, params.get("task"));
            }
            if (support == TaskSupport.REQUIRED) {
                throw new RequestException(JsonRpcError.METHOD_NOT_FOUND,
                        "Task augmentation required for tools/call requests: tool '" + name + "' runs only as a task");
            }
        }
        CallToolResult result = run(entry, arguments, meta, cancelled, Optional.empty());
        JsonNode plain = FastResults.tree(result);
        return plain != null ? plain : CODEC.valueToTree(result);
    }

    /**
     * Runs a tool on the calling thread: checks the arguments, calls the handler, and turns what goes wrong
     * into an {@code isError} result. {@code task} is the task the call runs as, if it does.
     */
    CallToolResult run(Registry.ToolEntry entry, JsonNode arguments, Optional<JsonNode> meta, AtomicBoolean cancelled,
                       Optional<TaskStore.Entry> task) {
        String name = entry.tool().name();
        // Spec (tools, error handling): input validation errors are tool execution errors, so the model can retry.
        List<String> violations = registry.validatesArguments()
                ? JsonSchemaValidator.get().validate(entry.tool().inputSchema(), arguments) : List.of();
        if (!violations.isEmpty()) {
            return CallToolResult.error("invalid arguments for tool '" + name + "': " + String.join("; ", violations));
        }
        Call call = new Call(name, arguments, meta, meta.flatMap(m -> progressToken(m.get("progressToken"))), cancelled, task);
        CallToolResult result;
        try {
            result = entry.handler().call(call);
            if (result == null) {
                result = CallToolResult.error("tool '" + name + "' returned no result");
            }
        } catch (InputRequiredSignal | RequestException protocol) {
            throw protocol; // an input round (2026-07-28) or a protocol error the client must see as one
        } catch (ErrorReply reply) {
            throw forwarded(reply);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result = CallToolResult.error("tool '" + name + "' was interrupted");
        } catch (Exception | StackOverflowError e) {
            result = CallToolResult.error(e.getMessage() == null ? e.toString() : e.getMessage());
        } catch (Error e) {
            // A crashed handler is a protocol-level failure, answered (or failing its task) rather than left unanswered.
            throw new RequestException(JsonRpcError.INTERNAL_ERROR, "tool '" + name + "' failed: " + e);
        } finally {
            call.finished.set(true);
        }
        return result;
    }

    private static Optional<ProgressToken> progressToken(JsonNode token) {
        if (token == null) {
            return Optional.empty();
        }
        if (token.isString()) {
            return Optional.of(ProgressToken.of(token.stringValue()));
        }
        if (token.isIntegralNumber() && token.canConvertToLong()) {
            return Optional.of(ProgressToken.of(token.longValue()));
        }
        return Optional.empty();
    }

    JsonNode readResource(JsonNode params, AtomicBoolean cancelled) {
        String uri = requiredString(params, "uri", "resources/read");
        InteractiveResourceReader reader = registry.readerFor(uri, "resources/read").orElseThrow(() ->
                // Spec (2026-07-28 changelog, minor 6): -32602 now, -32002 before; data.uri in both.
                new RequestException(connection.resourceNotFoundCode(),
                        "Resource not found: " + uri, CODEC.newObject().put("uri", uri)));
        ReadResourceResult result;
        ScopeInput input = new ScopeInput(connection, uri, cancelled::get, Optional.empty());
        try {
            result = reader.read(uri, input);
        } catch (InputRequiredSignal | RequestException protocol) {
            throw protocol; // an input round (2026-07-28) or a protocol error the client must see as one
        } catch (McpNotFoundException | ErrorReply missing) {
            if (missing instanceof ErrorReply reply && reply.error().code() != JsonRpcError.RESOURCE_NOT_FOUND) {
                throw forwarded(reply);
            }
            // The reader's "no such resource" (a gateway's upstream said so, in its era's code) in this request's era.
            throw new RequestException(connection.resourceNotFoundCode(), "Resource not found: " + uri,
                    CODEC.newObject().put("uri", uri));
        } catch (Exception e) {
            throw new RequestException(JsonRpcError.INTERNAL_ERROR, "reading " + uri + " failed: " + e.getMessage());
        } finally {
            input.finished.set(true);
        }
        if (result == null) {
            throw new RequestException(JsonRpcError.INTERNAL_ERROR, "reading " + uri + " gave no result");
        }
        return CODEC.valueToTree(result);
    }

    JsonNode getPrompt(JsonNode params, AtomicBoolean cancelled) {
        String name = requiredString(params, "name", "prompts/get");
        Registry.PromptEntry entry = registry.prompt(name, "prompts/get").orElseThrow(() ->
                new RequestException(JsonRpcError.INVALID_PARAMS, "Unknown prompt: " + name));
        Map<String, String> arguments = new LinkedHashMap<>();
        JsonNode given = params.path("arguments");
        if (!given.isMissingNode() && !given.isNull() && !given.isObject()) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "the arguments of prompt '" + name + "' must be an object");
        }
        given.properties().forEach(e -> arguments.put(e.getKey(), e.getValue().asString("")));
        for (PromptArgument argument : entry.prompt().arguments()) {
            if (argument.required() && !arguments.containsKey(argument.name())) {
                throw new RequestException(JsonRpcError.INVALID_PARAMS, "prompt '" + name
                        + "' needs the argument '" + argument.name() + "'");
            }
        }
        GetPromptResult result;
        ScopeInput input = new ScopeInput(connection, name, cancelled::get, Optional.empty());
        try {
            result = entry.handler().get(Map.copyOf(arguments), input);
        } catch (InputRequiredSignal | RequestException protocol) {
            throw protocol;
        } catch (ErrorReply reply) {
            throw forwarded(reply);
        } catch (Exception e) {
            throw new RequestException(JsonRpcError.INTERNAL_ERROR, "prompt '" + name + "' failed: " + e.getMessage());
        } finally {
            input.finished.set(true);
        }
        if (result == null) {
            throw new RequestException(JsonRpcError.INTERNAL_ERROR, "prompt '" + name + "' gave no result");
        }
        return CODEC.valueToTree(result);
    }

    JsonNode complete(JsonNode params) {
        CompletionHandler handler = registry.completions().orElseThrow(() ->
                new RequestException(JsonRpcError.METHOD_NOT_FOUND, "this server offers no completions"));
        CompleteRequestParams request;
        try {
            request = CODEC.treeToValue(params, CompleteRequestParams.class);
        } catch (McpException | IllegalArgumentException | NullPointerException e) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "malformed completion/complete params: " + e.getMessage());
        }
        switch (request.ref()) {
            case PromptReference p -> registry.prompt(p.name(), "completion/complete").orElseThrow(() ->
                    new RequestException(JsonRpcError.INVALID_PARAMS, "Unknown prompt: " + p.name()));
            case ResourceTemplateReference t -> registry.template(t.uri(), "completion/complete").orElseThrow(() ->
                            new RequestException(JsonRpcError.INVALID_PARAMS, "Unknown resource template: " + t.uri()));
        }
        CompleteResult result;
        try {
            result = handler.complete(request);
        } catch (ErrorReply reply) {
            throw forwarded(reply);
        } catch (Exception e) {
            throw new RequestException(JsonRpcError.INTERNAL_ERROR, "completion failed: " + e.getMessage());
        }
        if (result == null) {
            throw new RequestException(JsonRpcError.INTERNAL_ERROR, "the completion handler gave no result");
        }
        return CODEC.valueToTree(capped(result));
    }

    /** Spec (completion): at most 100 values per response; the rest is announced with total and hasMore. */
    private static CompleteResult capped(CompleteResult result) {
        List<String> values = result.completion().values();
        if (values.size() <= MAX_COMPLETION_VALUES) {
            return result;
        }
        return new CompleteResult(new CompleteResult.Completion(values.subList(0, MAX_COMPLETION_VALUES),
                Optional.of(result.completion().total().orElse(values.size())), Optional.of(true)), result.meta());
    }

    /** A handler's {@link ErrorReply}: the client gets its code, message and data, not a tool error or a -32603. */
    private static RequestException forwarded(ErrorReply reply) {
        JsonRpcError e = reply.error();
        return new RequestException(e.code(), e.message(), e.data().orElse(null));
    }

    static String requiredString(JsonNode params, String field, String method) {
        JsonNode value = params.path(field);
        if (!value.isString() || value.stringValue().isEmpty()) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, method + " needs a non-empty string \"" + field + "\"");
        }
        return value.stringValue();
    }

    /** What a tool handler sees of its request. */
    private final class Call extends ScopeInput implements ToolCall {
        private final String name;
        private final JsonNode arguments;
        private final Optional<JsonNode> meta;
        private final Optional<ProgressToken> progressToken;
        private final AtomicBoolean cancelled;

        Call(String name, JsonNode arguments, Optional<JsonNode> meta, Optional<ProgressToken> progressToken,
             AtomicBoolean cancelled, Optional<TaskStore.Entry> task) {
            super(connection, name, cancelled::get, task);
            this.name = name;
            this.arguments = arguments;
            this.meta = meta;
            this.progressToken = progressToken;
            this.cancelled = cancelled;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public JsonNode arguments() {
            return arguments;
        }

        @Override
        public Optional<JsonNode> meta() {
            return meta;
        }

        @Override
        public void progress(double progress, Double total, String message) {
            if (progressToken.isEmpty() || finished.get() || cancelled.get()) {
                return;
            }
            ProgressNotificationParams params = ProgressNotificationParams.of(progressToken.get(), progress, total, message);
            related.accept(JsonRpcNotification.of(McpMethod.NOTIFICATIONS_PROGRESS, related(CODEC.valueToTree(params))));
        }

        @Override
        public boolean isCancelled() {
            return cancelled.get();
        }

        @Override
        public boolean continueAsTask() {
            return connection.continueAsTask();
        }
    }
}
