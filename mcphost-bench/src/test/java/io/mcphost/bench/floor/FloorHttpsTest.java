package io.mcphost.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.bench.subject.Library;
import io.mcphost.bench.subject.Subject;
import io.mcphost.bench.subject.Subjects;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The https rows' wiring: the floor server over TLS with the bench certificate, and each library's
 * client trusting that certificate through its own setting; without it, the handshake is refused.
 */
@Timeout(60)
class FloorHttpsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @Test
    void everyLibraryCallsTheFloorOverTlsTrustingTheBenchCertificate() {
        try (FloorHttpServer server = FloorHttpServer.startTls(BenchTls.server())) {
            assertThat(server.endpoint().getScheme()).isEqualTo("https");
            for (Library library : List.of(Library.MCPHOST, Library.SDK_SYNC, Library.FLOOR)) {
                try (Subject subject = Subjects.connectHttp(library, server.endpoint(), TIMEOUT, BenchTls.client())) {
                    assertThat(subject.echo("over tls")).as(library.label()).isEqualTo("over tls");
                }
            }
            assertThat(server.connections()).isPositive();
        }
    }

    @Test
    void theRawClientRefusesTheBenchCertificateWithoutBeingToldToTrustIt() {
        try (FloorHttpServer server = FloorHttpServer.startTls(BenchTls.server())) {
            assertThatThrownBy(() -> RawHttpClient.connect(server.endpoint(), TIMEOUT))
                    .hasRootCauseInstanceOf(java.security.cert.CertPathBuilderException.class);
        }
    }
}
