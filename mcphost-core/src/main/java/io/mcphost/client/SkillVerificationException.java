package io.mcphost.client;

import io.mcphost.protocol.McpException;
import java.util.Objects;

/**
 * A skill was refused on the host's side (SEP-2640 "Integrity and Verification"): its entry cannot be
 * loaded, or a file read does not match what the entry lists. Whatever was read is not returned, so
 * nothing unverified reaches the application; the remedy is a fresh entry from {@code skills/get} and
 * a new approval. Nothing is sent to the server about it: a verification failure has no wire error.
 */
public final class SkillVerificationException extends McpException {

    /** Why the skill or file was refused. */
    public enum Kind {
        /** A file's byte length differs from its listed {@code size}. */
        SIZE,
        /** A file's SHA-256 differs from its listed {@code digest}. */
        DIGEST,
        /** The {@code SKILL.md} frontmatter is missing, not YAML, or differs from the entry's {@code frontmatter}. */
        FRONTMATTER,
        /** A file that the entry does not list was asked for, or the entry does not list its own {@code SKILL.md}. */
        UNLISTED,
        /** The entry is {@code "dynamic"}, or its {@code resources} are missing or malformed. */
        INVALID_ENTRY,
        /** The entry lists more files or bytes than a host must accept (512 files, 16 MiB). */
        LIMIT
    }

    private final Kind kind;
    private final String uri;

    public SkillVerificationException(String server, Kind kind, String uri, String message) {
        super(server, message, null);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.uri = Objects.requireNonNull(uri, "uri");
    }

    /** Why it was refused. */
    public Kind kind() {
        return kind;
    }

    /** The URI of the refused file, or of the skill's {@code SKILL.md} when the whole entry was refused. */
    public String uri() {
        return uri;
    }
}
