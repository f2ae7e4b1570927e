package io.mcphost.client.internal;

import io.mcphost.client.SkillVerificationException;
import io.mcphost.client.SkillVerificationException.Kind;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.content.BlobResourceContents;
import io.mcphost.protocol.content.ResourceContents;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.internal.SkillFrontmatter;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.skills.SkillResource;
import io.mcphost.protocol.skills.SkillsProtocol;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The host-side checks of the Skills extension (SEP-2640 "Integrity and Verification"): an entry's
 * files and limits before any read, a read file's size and then its {@code sha256:} digest, and a
 * {@code SKILL.md}'s frontmatter against the entry's. Stateless; every failure is a
 * {@link SkillVerificationException} and returns nothing.
 */
final class SkillVerifier {
    private static final String DIGEST_PREFIX = "sha256:";

    private SkillVerifier() {
    }

    /**
     * The entry's files by URI, once everything that can be checked without reading holds: listed
     * (not dynamic), well formed, within the skill, no duplicates, within the limits, SKILL.md listed.
     */
    static Map<String, SkillResource> manifest(String server, Skill skill) {
        if (skill.isDynamic()) {
            throw new SkillVerificationException(server, Kind.INVALID_ENTRY, skill.uri(), "skill '" + skill.uri()
                    + "' lists its files as \"dynamic\": nothing could be verified, so it is not loaded");
        }
        List<SkillResource> files = skill.files().orElseThrow(() -> new SkillVerificationException(server,
                Kind.INVALID_ENTRY, skill.uri(), "skill '" + skill.uri() + "' has missing or malformed 'resources'"));
        // Limits first: an entry over them is refused before anything else is looked at.
        if (files.size() > SkillsProtocol.MAX_RESOURCES) {
            throw new SkillVerificationException(server, Kind.LIMIT, skill.uri(), "skill '" + skill.uri() + "' lists "
                    + files.size() + " files, more than the " + SkillsProtocol.MAX_RESOURCES + " a host accepts");
        }
        long total = 0;
        for (SkillResource file : files) {
            // Compared before adding: a listed size near Long.MAX_VALUE must not wrap the sum below the limit.
            if (file.size() > SkillsProtocol.MAX_TOTAL_BYTES - total) {
                throw new SkillVerificationException(server, Kind.LIMIT, skill.uri(), "skill '" + skill.uri()
                        + "' lists more than " + SkillsProtocol.MAX_TOTAL_BYTES + " bytes of files");
            }
            total += file.size();
        }
        String under = skill.directory() + "/";
        Map<String, SkillResource> byUri = new LinkedHashMap<>();
        for (SkillResource file : files) {
            if (!SkillsProtocol.DIGEST.matcher(file.digest()).matches()) {
                throw invalid(server, skill, "its file '" + file.uri() + "' has digest '" + file.digest()
                        + "', not sha256: and 64 lower-case hex digits");
            }
            if (!file.uri().equals(skill.uri()) && !file.uri().startsWith(under)) {
                throw invalid(server, skill, "its file '" + file.uri() + "' is outside the skill's directory '" + skill.directory() + "'");
            }
            if (byUri.putIfAbsent(file.uri(), file) != null) {
                throw invalid(server, skill, "it lists '" + file.uri() + "' twice");
            }
        }
        if (!byUri.containsKey(skill.uri())) {
            throw new SkillVerificationException(server, Kind.UNLISTED, skill.uri(), "skill '" + skill.uri()
                    + "' does not list its own " + SkillsProtocol.SKILL_FILE);
        }
        return Map.copyOf(byUri);
    }

    private static SkillVerificationException invalid(String server, Skill skill, String why) {
        return new SkillVerificationException(server, Kind.INVALID_ENTRY, skill.uri(), "skill '" + skill.uri() + "' is malformed: " + why);
    }

    /**
     * The bytes of {@code file} from a {@code resources/read} result, returned only when their length
     * is the listed size and their SHA-256 the listed digest. The length is bounded before any
     * decoding or encoding, so an oversized answer is refused without copying it.
     */
    static byte[] verified(String server, SkillResource file, ReadResourceResult read) {
        ResourceContents contents = contentsOf(server, file.uri(), read);
        byte[] bytes = switch (contents) {
            case TextResourceContents text -> {
                // A UTF-8 encoding has at least one byte per char: more chars than bytes cannot match.
                if (text.text().length() > file.size()) {
                    throw sizeMismatch(server, file, "more than " + file.size());
                }
                yield text.text().getBytes(StandardCharsets.UTF_8);
            }
            case BlobResourceContents blob -> {
                long decoded = decodedLength(blob.blob());
                if (decoded != file.size()) {
                    throw sizeMismatch(server, file, decoded < 0 ? "not base64" : Long.toString(decoded));
                }
                try {
                    yield Base64.getDecoder().decode(blob.blob());
                } catch (IllegalArgumentException e) {
                    throw sizeMismatch(server, file, "not base64");
                }
            }
        };
        if (bytes.length != file.size()) {
            throw sizeMismatch(server, file, Integer.toString(bytes.length));
        }
        byte[] expected = HexFormat.of().parseHex(file.digest().substring(DIGEST_PREFIX.length()));
        if (!MessageDigest.isEqual(expected, sha256(bytes))) {
            throw new SkillVerificationException(server, Kind.DIGEST, file.uri(), "skill file '" + file.uri()
                    + "' does not match its listed digest; it is not used (fetch the entry again with skills/get)");
        }
        return bytes;
    }

    private static SkillVerificationException sizeMismatch(String server, SkillResource file, String actual) {
        return new SkillVerificationException(server, Kind.SIZE, file.uri(), "skill file '" + file.uri() + "' is "
                + actual + " bytes where its entry lists " + file.size() + "; it is not used (fetch the entry again with skills/get)");
    }

    /** The contents for {@code uri}: the one naming it, or the only one. */
    private static ResourceContents contentsOf(String server, String uri, ReadResourceResult read) {
        for (ResourceContents contents : read.contents()) {
            if (contents.uri().equals(uri)) {
                return contents;
            }
        }
        if (read.contents().size() == 1) {
            return read.contents().getFirst();
        }
        throw new McpProtocolException(server, "resources/read of '" + uri + "' returned " + read.contents().size()
                + " contents, none for that uri");
    }

    /** The length base64 text decodes to, from its length and padding alone; -1 when it cannot be base64. */
    static long decodedLength(String base64) {
        int length = base64.length();
        if (length % 4 != 0) {
            return -1;
        }
        int padding = length == 0 ? 0 : base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
        return (long) length / 4 * 3 - padding;
    }

    static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /**
     * Checks that {@code SKILL.md}'s YAML frontmatter equals the entry's {@code frontmatter}, field by
     * field (numbers by value, so YAML's {@code 1} and JSON's {@code 1.0} agree, as JSON's data model has it).
     */
    static void checkFrontmatter(String server, Skill skill, String text) {
        JsonNode parsed;
        try {
            parsed = SkillFrontmatter.read(text);
        } catch (IllegalArgumentException e) {
            throw frontmatter(server, skill, "its " + SkillsProtocol.SKILL_FILE + " " + e.getMessage());
        }
        if (!parsed.equals(BY_VALUE, skill.frontmatter())) {
            throw frontmatter(server, skill, "its " + SkillsProtocol.SKILL_FILE + " frontmatter differs from the listed one");
        }
    }

    /** Node equality with numbers compared by value. */
    private static final Comparator<JsonNode> BY_VALUE = (a, b) -> {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue());
        }
        return a.equals(b) ? 0 : 1;
    };

    private static SkillVerificationException frontmatter(String server, Skill skill, String why) {
        return new SkillVerificationException(server, Kind.FRONTMATTER, skill.uri(), "skill '" + skill.uri()
                + "' is not loaded: " + why);
    }
}
