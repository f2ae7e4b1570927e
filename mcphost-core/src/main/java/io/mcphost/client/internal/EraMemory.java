package io.mcphost.client.internal;

import io.mcphost.auth.OAuthClient;
import io.mcphost.auth.TokenStore;
import io.mcphost.protocol.Era;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server's protocol era kept beyond one client, in a {@link TokenStore} (issue 31: the era once
 * learned is remembered per server configuration, in the same place as tokens). The key is the
 * client's name and its transport's description (command line or URL), so a server whose
 * configuration changes is learned afresh; the store keeps a digest of it. Reading or writing the
 * store never fails a connect: a store that cannot be used only means the era is detected again.
 * Thread-safe as its store is.
 */
record EraMemory(TokenStore store, String key) {
    private static final Logger LOG = LoggerFactory.getLogger(EraMemory.class);

    /**
     * The memory of {@code config}'s server: its configured store, else the OAuth token store of its
     * transport, else none (the era then lives as long as the client). None for a pinned era.
     */
    static Optional<EraMemory> of(ClientConfig config) {
        if (config.era() != Era.AUTO) {
            return Optional.empty();
        }
        Optional<TokenStore> store = config.eraMemory().or(() -> config.transport().capability(OAuthClient.class)
                .map(oauth -> oauth.settings().tokenStore()));
        return store.map(s -> new EraMemory(s, config.name() + "\n" + config.transport().describe()));
    }

    Optional<Era> recall() {
        try {
            return store.era(key).filter(era -> era == Era.MODERN || era == Era.LEGACY);
        } catch (RuntimeException e) {
            LOG.debug("the era memory could not be read ({}); detecting the era", e.toString());
            return Optional.empty();
        }
    }

    void remember(Era era) {
        try {
            store.saveEra(key, era);
        } catch (RuntimeException e) {
            LOG.debug("the era memory could not be written ({}); it is detected again next time", e.toString());
        }
    }
}
