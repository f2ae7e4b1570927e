package io.mcphost.auth.internal;

import io.mcphost.auth.ClientRegistration;
import io.mcphost.auth.StoredTokens;
import io.mcphost.auth.TokenStore;
import io.mcphost.protocol.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link TokenStore#files(Path)}: one JSON file per token set ({@code tokens-<sha256(issuer, resource)>.json})
 * and per registration ({@code client-<sha256(issuer)>.json}). The directory is created {@code 0700}
 * and every file written {@code 0600} before any content goes in (a temporary file, then an atomic
 * move), where the file system has POSIX permissions. A file that cannot be read is treated as absent
 * and its content never logged. Thread-safe within a JVM.
 */
public final class FileTokenStore implements TokenStore {
    private static final Logger LOG = LoggerFactory.getLogger(FileTokenStore.class);

    private final Path directory;
    private final ReentrantLock lock = new ReentrantLock();

    public FileTokenStore(Path directory) {
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }

    @Override
    public Optional<StoredTokens> load(String issuer, String resource) {
        return read(tokensFile(issuer, resource)).map(FileTokenStore::tokens);
    }

    @Override
    public List<StoredTokens> list() {
        List<StoredTokens> out = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return out;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "tokens-*.json")) {
            for (Path file : files) {
                read(file).map(FileTokenStore::tokens).ifPresent(out::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the token store " + directory, e);
        }
        return out;
    }

    @Override
    public void save(StoredTokens t) {
        ObjectNode node = Json.newObject();
        node.put("issuer", t.issuer());
        node.put("resource", t.resource());
        node.put("access_token", t.accessToken());
        if (t.refreshToken() != null) {
            node.put("refresh_token", t.refreshToken());
        }
        if (t.expiresAt() != null) {
            node.put("expires_at", t.expiresAt().getEpochSecond());
        }
        if (t.scope() != null) {
            node.put("scope", t.scope());
        }
        if (t.tokenEndpoint() != null) {
            node.put("token_endpoint", t.tokenEndpoint());
        }
        write(tokensFile(t.issuer(), t.resource()), node);
    }

    @Override
    public void remove(String issuer, String resource) {
        delete(tokensFile(issuer, resource));
    }

    @Override
    public Optional<ClientRegistration> registration(String issuer) {
        return read(clientFile(issuer)).map(n -> new ClientRegistration(text(n, "issuer"), text(n, "client_id"),
                text(n, "client_secret"), text(n, "auth_method"), text(n, "redirect_uri")));
    }

    @Override
    public void saveRegistration(ClientRegistration r) {
        ObjectNode node = Json.newObject();
        node.put("issuer", r.issuer());
        node.put("client_id", r.clientId());
        if (r.clientSecret() != null) {
            node.put("client_secret", r.clientSecret());
        }
        node.put("auth_method", r.authMethod());
        if (r.redirectUri() != null) {
            node.put("redirect_uri", r.redirectUri());
        }
        write(clientFile(r.issuer()), node);
    }

    @Override
    public void removeRegistration(String issuer) {
        delete(clientFile(issuer));
    }

    @Override
    public Optional<io.mcphost.protocol.Era> era(String server) {
        return read(eraFile(server), "era").map(n -> switch (String.valueOf(text(n, "era"))) {
            case "MODERN" -> io.mcphost.protocol.Era.MODERN;
            case "LEGACY" -> io.mcphost.protocol.Era.LEGACY;
            default -> null;
        });
    }

    @Override
    public void saveEra(String server, io.mcphost.protocol.Era era) {
        if (era != io.mcphost.protocol.Era.MODERN && era != io.mcphost.protocol.Era.LEGACY) {
            throw new IllegalArgumentException("only MODERN or LEGACY is remembered, got " + era);
        }
        ObjectNode node = Json.newObject();
        node.put("era", era.name());
        write(eraFile(server), node);
    }

    private Path tokensFile(String issuer, String resource) {
        return directory.resolve("tokens-" + hash(issuer + "\n" + resource) + ".json");
    }

    /** Only a digest of the key: a command line or URL may carry what should not sit in a file name. */
    private Path eraFile(String server) {
        return directory.resolve("era-" + hash(server) + ".json");
    }

    private Path clientFile(String issuer) {
        return directory.resolve("client-" + hash(issuer) + ".json");
    }

    private static String hash(String key) {
        return HexFormat.of().formatHex(Secrets.sha256(key.getBytes(StandardCharsets.UTF_8))).substring(0, 32);
    }

    private static StoredTokens tokens(JsonNode n) {
        JsonNode expires = n.get("expires_at");
        return new StoredTokens(text(n, "issuer"), text(n, "resource"), text(n, "access_token"), text(n, "refresh_token"),
                expires == null || !expires.isNumber() ? null : Instant.ofEpochSecond(expires.asLong()),
                text(n, "scope"), text(n, "token_endpoint"));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || !value.isString() ? null : value.asString();
    }

    private Optional<JsonNode> read(Path file) {
        return read(file, "issuer");
    }

    /** The entry in {@code file} when it is an object with {@code field}; empty when absent or unreadable. */
    private Optional<JsonNode> read(Path file, String field) {
        lock.lock();
        try {
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            JsonNode node = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
            return node instanceof ObjectNode && node.has(field) ? Optional.of(node) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            LOG.warn("ignoring the unreadable token store entry {} ({})", file.getFileName(), e.getClass().getSimpleName());
            return Optional.empty();
        } finally {
            lock.unlock();
        }
    }

    private void write(Path file, ObjectNode node) {
        lock.lock();
        try {
            createDirectory();
            Path temporary = directory.resolve(file.getFileName() + ".tmp");
            Files.deleteIfExists(temporary);
            if (posix()) {
                Files.createFile(temporary, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } else {
                Files.createFile(temporary);
            }
            Files.writeString(temporary, Json.write(node), StandardCharsets.UTF_8);
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to the token store " + directory, e);
        } finally {
            lock.unlock();
        }
    }

    private void createDirectory() throws IOException {
        if (Files.isDirectory(directory)) {
            return;
        }
        if (posix()) {
            Files.createDirectories(directory.getParent());
            Files.createDirectory(directory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } else {
            Files.createDirectories(directory);
        }
    }

    private boolean posix() {
        Path probe = directory;
        while (probe != null && !Files.exists(probe)) {
            probe = probe.getParent();
        }
        return probe != null && probe.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    private void delete(Path file) {
        lock.lock();
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete from the token store " + directory, e);
        } finally {
            lock.unlock();
        }
    }
}
