package io.mcphost.auth.internal;

import io.mcphost.auth.ClientRegistration;
import io.mcphost.auth.StoredTokens;
import io.mcphost.auth.TokenStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** {@link TokenStore#inMemory()}. Thread-safe. */
public final class MemoryTokenStore implements TokenStore {
    private final Map<String, StoredTokens> tokens = new ConcurrentHashMap<>();
    private final Map<String, ClientRegistration> registrations = new ConcurrentHashMap<>();
    private final Map<String, io.mcphost.protocol.Era> eras = new ConcurrentHashMap<>();

    @Override
    public Optional<io.mcphost.protocol.Era> era(String server) {
        return Optional.ofNullable(eras.get(server));
    }

    @Override
    public void saveEra(String server, io.mcphost.protocol.Era era) {
        eras.put(server, era);
    }

    @Override
    public Optional<StoredTokens> load(String issuer, String resource) {
        return Optional.ofNullable(tokens.get(issuer + "\n" + resource));
    }

    @Override
    public List<StoredTokens> list() {
        return List.copyOf(tokens.values());
    }

    @Override
    public void save(StoredTokens stored) {
        tokens.put(stored.issuer() + "\n" + stored.resource(), stored);
    }

    @Override
    public void remove(String issuer, String resource) {
        tokens.remove(issuer + "\n" + resource);
    }

    @Override
    public Optional<ClientRegistration> registration(String issuer) {
        return Optional.ofNullable(registrations.get(issuer));
    }

    @Override
    public void saveRegistration(ClientRegistration registration) {
        registrations.put(registration.issuer(), registration);
    }

    @Override
    public void removeRegistration(String issuer) {
        registrations.remove(issuer);
    }
}
