package io.mcphost.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import org.junit.jupiter.api.Test;

/** How a request that got no answer is described: the resolver's failures, whatever their wording, as a name that does not resolve. */
class HttpErrorsDescribeTest {
    private static final URI TARGET = URI.create("http://no-such-host.invalid:8080/mcp?token=secret");

    @Test
    void everyWordingOfAnUnresolvedNameNamesTheHost() {
        assertThat(HttpErrors.describe(new UnknownHostException("no-such-host.invalid"), TARGET))
                .isEqualTo("the host name 'no-such-host.invalid' does not resolve");
        assertThat(HttpErrors.describe(new UnknownHostException("no-such-host.invalid: Name or service not known"), TARGET))
                .isEqualTo("the host name 'no-such-host.invalid' does not resolve (Name or service not known)");
        // The JDK's own client: a ConnectException without a message, the resolver's failure as its cause.
        assertThat(HttpErrors.describe(new ConnectException().initCause(new UnresolvedAddressException()), TARGET))
                .isEqualTo("the host name 'no-such-host.invalid' does not resolve");
        assertThat(HttpErrors.describe(new IOException("failed", new UnknownHostException("elsewhere.invalid: "
                + "Temporary failure in name resolution")), null))
                .isEqualTo("the host name 'elsewhere.invalid' does not resolve (Temporary failure in name resolution)");
    }

    @Test
    void otherFailuresKeepTheirOwnWords() {
        assertThat(HttpErrors.describe(new ConnectException("Connection refused"), TARGET)).isEqualTo("Connection refused");
        assertThat(HttpErrors.describe(new ConnectException(), TARGET)).isEqualTo("ConnectException");
    }
}
