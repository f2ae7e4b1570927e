package io.mcphost.auth;

import io.mcphost.auth.internal.FileTokenStore;
import io.mcphost.auth.internal.MemoryTokenStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where tokens and dynamic client registrations live between runs: tokens per (issuer, resource),
 * registrations per issuer. Implementations must be thread-safe and must never log what they hold.
 * The default, {@link #files()}, keeps one file per entry under {@code ~/.mcphost/oauth}, readable
 * and writable by the owner only.
 */
public interface TokenStore {

    Optional<StoredTokens> load(String issuer, String resource);

    /** Every stored token set (for {@code mcphost auth status}). */
    List<StoredTokens> list();

    void save(StoredTokens tokens);

    void remove(String issuer, String resource);

    Optional<ClientRegistration> registration(String issuer);

    void saveRegistration(ClientRegistration registration);

    void removeRegistration(String issuer);

    /**
     * The protocol era last learned for the server configuration {@code server} (an opaque key the
     * client derives from the server's name and transport; a file store keeps only its digest), so that
     * a later run detects the era without depending on how long the server takes to answer. Empty when
     * not known, or when this store keeps no eras (the default).
     */
    default Optional<io.mcphost.protocol.Era> era(String server) {
        return Optional.empty();
    }

    /** Remembers {@code era} ({@code MODERN} or {@code LEGACY}) for {@code server}; by default not kept. */
    default void saveEra(String server, io.mcphost.protocol.Era era) {
    }

    /** Files under {@code ~/.mcphost/oauth} (the directory {@code 0700}, each file {@code 0600} where POSIX permissions exist). */
    static TokenStore files() {
        return files(Path.of(System.getProperty("user.home"), ".mcphost", "oauth"));
    }

    /** Files under {@code directory}, created on first save with owner-only permissions. */
    static TokenStore files(Path directory) {
        return new FileTokenStore(directory);
    }

    /** Kept in memory only, lost at exit; for tests and short-lived tools. */
    static TokenStore inMemory() {
        return new MemoryTokenStore();
    }
}
