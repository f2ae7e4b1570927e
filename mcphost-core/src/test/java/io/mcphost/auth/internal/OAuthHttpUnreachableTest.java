package io.mcphost.auth.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.mcphost.auth.McpAuthorizationException;
import java.net.ConnectException;
import java.net.URI;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** An authorization server that cannot be reached (here its token endpoint) is reported in the transport's words, cause kept. */
class OAuthHttpUnreachableTest {
    @Test
    void aHostNameThatDoesNotResolveIsNamedAsOne() {
        // What the JDK's HttpClient throws for an unresolvable name: a ConnectException without a message.
        ConnectException failure = new ConnectException();
        failure.initCause(new UnresolvedAddressException());
        OAuthHttp http = new OAuthHttp("github", Duration.ofSeconds(1), request -> {
            throw failure;
        });

        McpAuthorizationException e = catchThrowableOfType(McpAuthorizationException.class,
                () -> http.postForm(URI.create("https://auth.no-such-host.invalid/token"), java.util.Map.of("grant_type", "client_credentials"), java.util.Map.of()));

        assertThat(e.getMessage()).contains("cannot reach https://auth.no-such-host.invalid/token")
                .contains("the host name 'auth.no-such-host.invalid' does not resolve").doesNotContain("ConnectException");
        assertThat(e.getCause()).isSameAs(failure);
    }

    @Test
    void aRefusedConnectionKeepsItsOwnWords() {
        OAuthHttp http = new OAuthHttp("github", Duration.ofSeconds(1), request -> {
            throw new ConnectException("Connection refused");
        });

        McpAuthorizationException e = catchThrowableOfType(McpAuthorizationException.class,
                () -> http.postForm(URI.create("http://127.0.0.1:9/token"), java.util.Map.of("grant_type", "client_credentials"), java.util.Map.of()));

        assertThat(e.getMessage()).endsWith("cannot reach http://127.0.0.1:9/token: Connection refused");
    }
}
