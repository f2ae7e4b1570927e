package io.mcphost.springai;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.tool.definition.ToolDefinition;
import reactor.core.publisher.Flux;

/**
 * A chat model without a network: it answers a user message with the scripted tool calls and the
 * tool responses with a text quoting each. It records what it was offered and shown.
 *
 * <p>Spring AI 2.0 models do not execute tools; a {@code ChatClient}'s tool-calling advisor does. Given
 * a {@link ToolCallingManager}, this model also drives that loop itself, as an application using
 * {@code ChatModel} directly does ("driving the loop manually"); given null, it leaves the loop to the caller.
 */
final class ScriptedChatModel implements ChatModel {
    final List<List<String>> offeredTools = new CopyOnWriteArrayList<>();
    final List<ToolResponseMessage.ToolResponse> responsesSeen = new CopyOnWriteArrayList<>();
    private final List<AssistantMessage.ToolCall> toolCalls;
    private final ToolCallingManager tools;

    ScriptedChatModel(List<AssistantMessage.ToolCall> toolCalls, ToolCallingManager tools) {
        this.toolCalls = List.copyOf(toolCalls);
        this.tools = tools;
    }

    static AssistantMessage.ToolCall toolCall(String id, String name, String arguments) {
        return new AssistantMessage.ToolCall(id, "function", name, arguments);
    }

    @Override
    public ChatResponse call(Prompt prompt) {
        Prompt current = prompt;
        while (true) {
            ToolCallingChatOptions options = (ToolCallingChatOptions) current.getOptions();
            offeredTools.add(tools != null
                    ? tools.resolveToolDefinitions(options).stream().map(ToolDefinition::name).toList()
                    : options.getToolCallbacks().stream().map(c -> c.getToolDefinition().name()).toList());
            ChatResponse response = answer(current.getInstructions());
            if (tools == null || !response.hasToolCalls()) {
                return response;
            }
            ToolExecutionResult executed = tools.executeToolCalls(current, response);
            current = new Prompt(executed.conversationHistory(), current.getOptions());
        }
    }

    private ChatResponse answer(List<Message> messages) {
        if (messages.getLast() instanceof UserMessage) {
            return new ChatResponse(List.of(new Generation(AssistantMessage.builder().content("").toolCalls(toolCalls).build())));
        }
        List<ToolResponseMessage.ToolResponse> responses = ((ToolResponseMessage) messages.getLast()).getResponses();
        responsesSeen.addAll(responses);
        String summary = responses.stream().map(r -> r.name() + " -> " + r.responseData()).collect(Collectors.joining("; "));
        return new ChatResponse(List.of(new Generation(new AssistantMessage("Here is what the tools said: " + summary))));
    }

    /**
     * Tool-calling options: a ChatClient starts from these and passes tool callbacks on only when the
     * model's options can hold them, as every provider's options can.
     */
    @Override
    public ChatOptions getOptions() {
        return ToolCallingChatOptions.builder().build();
    }

    @Override
    public ChatOptions getDefaultOptions() {
        return getOptions();
    }

    @Override
    public Flux<ChatResponse> stream(Prompt prompt) {
        return Flux.just(call(prompt));
    }
}
