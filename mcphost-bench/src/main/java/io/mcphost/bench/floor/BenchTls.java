package io.mcphost.bench.floor;

import java.io.IOException;
import java.io.InputStream;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Objects;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The TLS contexts of the bench's {@code https} rows, from the throwaway self-signed certificate
 * packed beside this class ({@code localhost.p12}, names {@code localhost} and {@code 127.0.0.1};
 * the README there says how it was made). Every client trusts that certificate and nothing else, and
 * verifies the host name as it would for any server. Stateless.
 */
public final class BenchTls {
    private static final char[] PASSWORD = "mcphost-test".toCharArray();

    private BenchTls() {
    }

    /** A server's context: the bench key and its certificate. */
    public static SSLContext server() {
        try {
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(keyStore(), PASSWORD);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the bench certificate cannot be used: " + e, e);
        }
    }

    /** A client's context, trusting the bench certificate only. */
    public static SSLContext client() {
        try {
            KeyStore trusted = KeyStore.getInstance("PKCS12");
            trusted.load(null, null);
            trusted.setCertificateEntry("localhost", keyStore().getCertificate("localhost"));
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("the bench certificate cannot be used: " + e, e);
        }
    }

    private static KeyStore keyStore() {
        try (InputStream in = Objects.requireNonNull(BenchTls.class.getResourceAsStream("localhost.p12"), "localhost.p12")) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, PASSWORD);
            return store;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("the bench certificate cannot be read: " + e, e);
        }
    }
}
