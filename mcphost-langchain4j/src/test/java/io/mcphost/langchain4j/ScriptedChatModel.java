package io.mcphost.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * A chat model without a network: to a user message it answers with the scripted tool calls; once
 * the tool results are in, it answers with a text that quotes every result, as a real model would
 * summarise them. It records every request, so a test can check what the model was offered and shown.
 */
final class ScriptedChatModel implements ChatModel {
    final List<ChatRequest> requests = new CopyOnWriteArrayList<>();
    private final List<ToolExecutionRequest> toolCalls;

    ScriptedChatModel(List<ToolExecutionRequest> toolCalls) {
        this.toolCalls = List.copyOf(toolCalls);
    }

    static ToolExecutionRequest toolCall(String id, String name, String arguments) {
        return ToolExecutionRequest.builder().id(id).name(name).arguments(arguments).build();
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        requests.add(request);
        ChatMessage last = request.messages().getLast();
        if (last instanceof UserMessage) {
            return ChatResponse.builder().aiMessage(AiMessage.from(toolCalls)).build();
        }
        String summary = request.messages().stream()
                .filter(ToolExecutionResultMessage.class::isInstance).map(ToolExecutionResultMessage.class::cast)
                .map(r -> r.toolName() + " -> " + r.text())
                .collect(Collectors.joining("; "));
        return ChatResponse.builder().aiMessage(AiMessage.from("Here is what the tools said: " + summary)).build();
    }

    /** The tool results the model was shown in its last request. */
    List<ToolExecutionResultMessage> toolResultsSeen() {
        return requests.getLast().messages().stream()
                .filter(ToolExecutionResultMessage.class::isInstance).map(ToolExecutionResultMessage.class::cast).toList();
    }
}
