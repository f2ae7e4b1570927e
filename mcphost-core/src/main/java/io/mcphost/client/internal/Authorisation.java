package io.mcphost.client.internal;

import io.mcphost.auth.McpAuthorizationException;
import io.mcphost.auth.OAuthClient;
import io.mcphost.protocol.McpException;
import io.mcphost.transport.McpAuthorizationRequiredException;
import io.mcphost.transport.Transport;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The OAuth stage of the pipeline: when the server refuses a request for want of authorisation
 * ({@link McpAuthorizationRequiredException}: HTTP 401, or 403 {@code insufficient_scope}), it
 * asks the transport's {@link OAuthClient} for a new token and sends the request once more.
 *
 * <p>Bounded per request: after a 401, one refresh and then one new authorisation; after a 403,
 * at most {@code maxStepUps} step-up authorisations; then the refusal (or the flow's
 * {@link McpAuthorizationException}) reaches the caller. Without an OAuth client the refusal goes
 * straight to the caller. The flow blocks (discovery, the user in the browser), so it runs on a
 * virtual thread of its own, never on the transport's reader. Also runs for the handshake
 * ({@code Exchange.sendHandshake}): many servers refuse {@code initialize} already.
 */
final class Authorisation implements RequestStage {
    private static final Logger LOG = LoggerFactory.getLogger(Authorisation.class);
    /** A guard against a loop the counters below do not foresee (tokens replaced by others, over and over). */
    private static final int MAX_ROUNDS = 8;

    private final String name;
    private final OAuthClient oauth;

    Authorisation(String name, Transport transport) {
        this.name = name;
        this.oauth = transport.capability(OAuthClient.class).orElse(null);
    }

    /** Counts of one request's authorisation rounds. */
    private record Rounds(int refreshes, int authorizations, int stepUps, int total) {
    }

    @Override
    public CompletableFuture<JsonNode> apply(OutboundRequest request, Next next) {
        if (oauth == null) {
            return next.proceed(request);
        }
        CompletableFuture<JsonNode> outer = new CompletableFuture<>();
        attempt(outer, request, next, new Rounds(0, 0, 0, 0));
        return outer;
    }

    private void attempt(CompletableFuture<JsonNode> outer, OutboundRequest request, Next next, Rounds rounds) {
        long generation = oauth.generation();
        CompletableFuture<JsonNode> inner = next.proceed(request);
        Exchange.propagateCancel(outer, inner);
        inner.whenComplete((result, error) -> {
            if (error == null) {
                outer.complete(result);
                return;
            }
            McpAuthorizationRequiredException refusal = refusal(error);
            if (refusal == null || outer.isDone() || rounds.total() >= MAX_ROUNDS) {
                outer.completeExceptionally(error instanceof CancellationException ? error : Blocking.unwrap(name, error));
                return;
            }
            boolean stepUp = refusal.insufficientScope();
            int maxStepUps = oauth.settings().maxStepUps();
            if (stepUp ? rounds.stepUps() >= maxStepUps : rounds.authorizations() >= 1) {
                LOG.debug("server '{}': {} refused again after {} authorisation(s); giving up", name, request.method(),
                        rounds.authorizations() + rounds.stepUps());
                outer.completeExceptionally(Blocking.unwrap(name, error));
                return;
            }
            Thread.ofVirtual().name("mcphost-oauth-" + name).start(() -> {
                OAuthClient.Outcome outcome;
                try {
                    outcome = oauth.authorize(refusal.resourceMetadata(), refusal.scope().orElse(null), stepUp, generation,
                            rounds.refreshes() == 0, !refusal.challenge().isEmpty());
                } catch (McpAuthorizationException e) {
                    outer.completeExceptionally(e.server().filter(name::equals).isPresent() ? e
                            : new McpAuthorizationException(name, e.detail(), e));
                    return;
                } catch (McpException e) {
                    outer.completeExceptionally(e);
                    return;
                } catch (RuntimeException e) {
                    outer.completeExceptionally(new McpAuthorizationException(name, "the OAuth flow failed: "
                            + e.getClass().getSimpleName(), e));
                    return;
                }
                if (outer.isDone()) {
                    return; // cancelled or timed out meanwhile
                }
                Rounds after = switch (outcome) {
                    case REFRESHED -> new Rounds(rounds.refreshes() + 1, rounds.authorizations(), rounds.stepUps(), rounds.total() + 1);
                    case AUTHORIZED -> stepUp
                            ? new Rounds(rounds.refreshes(), rounds.authorizations(), rounds.stepUps() + 1, rounds.total() + 1)
                            : new Rounds(rounds.refreshes(), rounds.authorizations() + 1, rounds.stepUps(), rounds.total() + 1);
                    case ALREADY_REPLACED -> new Rounds(rounds.refreshes(), rounds.authorizations(), rounds.stepUps(), rounds.total() + 1);
                };
                attempt(outer, request, next, after);
            });
        });
    }

    /** The refusal in a failure's cause chain (the client renames transport failures, keeping the original as cause). */
    static McpAuthorizationRequiredException refusal(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof McpAuthorizationRequiredException refusal) {
                return refusal;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }
}
