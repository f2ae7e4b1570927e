package io.mcphost.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.auth.OAuthClient;
import io.mcphost.auth.OAuthSettings;
import io.mcphost.auth.TokenStore;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.memory.MemoryTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which capabilities each of the core's transports offers, asked before start (no I/O). */
class TransportCapabilitiesTest {
    private static final List<Class<?>> ALL = List.of(HeaderMirroring.class, HttpSessions.class, Reopenable.class,
            CallerLending.class, OAuthClient.class, TransportKind.class);

    @Test
    void httpMirrorsHeadersHasSessionsAndReopensAndOffersItsOAuthClientOnlyWhenConfigured() {
        HttpTransport plain = HttpTransport.builder("http://localhost:1/mcp").build();
        HttpTransport oauth = HttpTransport.builder("http://localhost:1/mcp")
                .oauth(OAuthSettings.builder().tokenStore(TokenStore.inMemory()).build()).build();

        assertThat(offered(plain)).containsExactly(HeaderMirroring.class, HttpSessions.class, Reopenable.class, TransportKind.class);
        assertThat(plain.capability(TransportKind.class)).contains(TransportKind.HTTP);
        assertThat(plain.capability(HttpSessions.class).flatMap(HttpSessions::sessionId)).as("no session before start").isEmpty();
        assertThat(offered(oauth)).containsExactly(HeaderMirroring.class, HttpSessions.class, Reopenable.class, OAuthClient.class,
                TransportKind.class);
        assertThat(oauth.capability(OAuthClient.class)).containsSame(oauth.oauth().orElseThrow());
    }

    @Test
    void stdioLendsTheCallersThreadAndNothingElse() {
        StdioTransport stdio = StdioTransport.builder(List.of("true")).build();

        assertThat(offered(stdio)).containsExactly(CallerLending.class, TransportKind.class);
        assertThat(stdio.capability(TransportKind.class)).contains(TransportKind.STDIO);
    }

    @Test
    void memoryOffersOnlyItsKind() {
        Transport memory = MemoryTransport.pair().client();

        assertThat(offered(memory)).containsExactly(TransportKind.class);
        assertThat(memory.capability(TransportKind.class)).contains(TransportKind.MEMORY);
    }

    @Test
    void aTransportTheApplicationWroteOffersNothingUnlessItImplementsIt() {
        Transport own = new Transport() {
            @Override
            public void start(InboundHandler inbound) {
            }

            @Override
            public void send(io.mcphost.protocol.JsonRpcMessage message) {
            }

            @Override
            public void close(java.time.Duration budget) {
            }

            @Override
            public void close() {
            }

            @Override
            public String describe() {
                return "own";
            }
        };

        assertThat(offered(own)).isEmpty();
        assertThat(own.capability(Transport.class)).containsSame(own);
    }

    @Test
    void aRecordingStyleWrapperKeepsWhatTheHttpTransportOffers() {
        HttpTransport http = HttpTransport.builder("http://localhost:1/mcp").build();
        Transport wrapped = new ForwardingTransport(http) {
        };

        assertThat(offered(wrapped)).containsExactly(HeaderMirroring.class, HttpSessions.class, Reopenable.class, TransportKind.class);
        assertThat(wrapped.capability(TransportKind.class)).as("a wrapped transport keeps its kind").contains(TransportKind.HTTP);
        assertThat(wrapped.capability(HttpSessions.class)).containsSame(http);
        assertThat(wrapped.capability(HeaderMirroring.class)).get().isNotSameAs(http);
    }

    private static List<Class<?>> offered(Transport transport) {
        return ALL.stream().filter(type -> transport.capability(type).isPresent()).toList();
    }
}
