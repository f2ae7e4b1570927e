package io.mcphost.server;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The keys under which a server seals the state it hands its clients (a handshake-era session id over
 * HTTP, a 2026-07-28 {@code requestState}, the origin of a question it asks), so that any replica
 * holding the same keys accepts it and no shared store is needed: AES-256-GCM, the client can neither
 * read nor change what is sealed. The first key seals; every key opens, so a key is rotated by
 * giving replicas {@code new, old} first and dropping {@code old} once everything sealed under it
 * has expired.
 *
 * <p>Each sealed text names its purpose (authenticated, not encrypted): text sealed for one purpose
 * never opens as another. Immutable and thread-safe; nothing here blocks.
 */
public final class SealingKeys {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();

    private record Key(String id, SecretKey secret) {
    }

    private final List<Key> keys;

    private SealingKeys(List<byte[]> secrets) {
        List<Key> all = new ArrayList<>();
        for (byte[] secret : secrets) {
            if (secret.length != 32) {
                throw new IllegalArgumentException("a sealing key is 32 bytes (256 bits), not " + secret.length);
            }
            all.add(new Key(keyId(secret), new SecretKeySpec(secret.clone(), "AES")));
        }
        if (all.stream().map(Key::id).distinct().count() != all.size()) {
            throw new IllegalArgumentException("the same sealing key is given twice");
        }
        this.keys = List.copyOf(all);
    }

    /** A fresh random key known to this process only: what a single server uses unless told otherwise. */
    public static SealingKeys random() {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        return new SealingKeys(List.of(secret));
    }

    /**
     * Keys from their text: each 32 bytes in base64 (standard or URL-safe, padding optional), for
     * example from {@code openssl rand -base64 32}; the first seals, all open.
     *
     * @throws IllegalArgumentException if none is given, one is not base64 of 32 bytes, or one repeats
     */
    public static SealingKeys of(String current, String... previous) {
        Objects.requireNonNull(current, "current");
        List<byte[]> secrets = new ArrayList<>();
        secrets.add(decode(current));
        for (String p : previous) {
            secrets.add(decode(Objects.requireNonNull(p, "previous")));
        }
        return new SealingKeys(secrets);
    }

    /**
     * Keys from text listing them, current first, separated by commas, spaces or line breaks (a file
     * or an environment variable's value; {@code #} starts a comment line).
     *
     * @throws IllegalArgumentException if the text lists no key or a malformed one
     */
    public static SealingKeys parse(String text) {
        List<String> found = new ArrayList<>();
        for (String line : text.split("\\R")) {
            if (!line.strip().startsWith("#")) {
                for (String word : line.split("[,\\s]+")) {
                    if (!word.isBlank()) {
                        found.add(word.strip());
                    }
                }
            }
        }
        if (found.isEmpty()) {
            throw new IllegalArgumentException("no sealing key given (32 random bytes in base64, e.g. openssl rand -base64 32)");
        }
        return of(found.get(0), found.subList(1, found.size()).toArray(String[]::new));
    }

    /** How many keys open sealed text (the first also seals). */
    public int size() {
        return keys.size();
    }

    /** {@code plaintext} sealed for {@code purpose} under the current key: URL-safe ASCII. */
    public String seal(String purpose, byte[] plaintext) {
        Key key = keys.get(0);
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key.secret(), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(purpose.getBytes(StandardCharsets.UTF_8));
            byte[] sealed = cipher.doFinal(plaintext);
            byte[] out = new byte[nonce.length + sealed.length];
            System.arraycopy(nonce, 0, out, 0, nonce.length);
            System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
            return key.id() + "." + B64.encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /**
     * What {@link #seal} sealed for {@code purpose} under one of these keys; empty when the text is
     * malformed, was changed, was sealed for another purpose or under a key not (or no longer) here.
     */
    public Optional<byte[]> open(String purpose, String sealed) {
        int dot = sealed.indexOf('.');
        if (dot <= 0) {
            return Optional.empty();
        }
        String id = sealed.substring(0, dot);
        Optional<Key> key = keys.stream().filter(k -> k.id().equals(id)).findFirst();
        if (key.isEmpty()) {
            return Optional.empty();
        }
        byte[] in;
        try {
            in = Base64.getUrlDecoder().decode(sealed.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (in.length < NONCE_BYTES + TAG_BITS / 8) {
            return Optional.empty();
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key.get().secret(), new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
            cipher.updateAAD(purpose.getBytes(StandardCharsets.UTF_8));
            return Optional.of(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES));
        } catch (javax.crypto.AEADBadTagException e) {
            return Optional.empty();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /** Never the keys: they are secrets. */
    @Override
    public String toString() {
        return "SealingKeys[" + keys.size() + (keys.size() == 1 ? " key]" : " keys]");
    }

    private static byte[] decode(String text) {
        String t = text.strip();
        try {
            return t.indexOf('-') >= 0 || t.indexOf('_') >= 0 ? Base64.getUrlDecoder().decode(t) : Base64.getDecoder().decode(t);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a sealing key is 32 random bytes in base64 (openssl rand -base64 32);"
                    + " this one is not base64");
        }
    }

    /** A short public name for a key (so a replica opens with the right one): not the key, a digest's prefix. */
    private static String keyId(byte[] secret) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update("mcphost-sealing-key-id".getBytes(StandardCharsets.UTF_8));
            return B64.encodeToString(sha.digest(secret)).substring(0, 6);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
