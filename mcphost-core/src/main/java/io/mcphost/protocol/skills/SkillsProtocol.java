package io.mcphost.protocol.skills;

import java.util.regex.Pattern;

/** The Skills extension's names and limits, as its specification states them. Constants only. */
public final class SkillsProtocol {
    /** The extension's id: the key under {@code capabilities.extensions} a server announces it with. */
    public static final String EXTENSION_ID = "io.modelcontextprotocol/skills";
    /** The extension settings' flag that {@code resources/directory/read} is served. */
    public static final String DIRECTORY_READ = "directoryRead";
    /** The file every skill has, at the root of its directory. */
    public static final String SKILL_FILE = "SKILL.md";
    /** The URI scheme skills should use. */
    public static final String SCHEME = "skill";
    /** A skill's {@code resources} value when the server does not list its files. */
    public static final String DYNAMIC = "dynamic";
    /** The mime type of a directory in a {@code resources/directory/read} result. */
    public static final String DIRECTORY_MIME_TYPE = "inode/directory";
    /** The mime type of a {@code SKILL.md}. */
    public static final String SKILL_FILE_MIME_TYPE = "text/markdown";
    /** Files per skill a host must accept, and a server should not exceed. */
    public static final int MAX_RESOURCES = 512;
    /** Bytes per skill (all its files) a host must accept, and a server should not exceed: 16 MiB. */
    public static final long MAX_TOTAL_BYTES = 16L * 1024 * 1024;
    /** A file's digest: {@code sha256:} and 64 lower-case hex digits, over the file's raw bytes. */
    public static final Pattern DIGEST = Pattern.compile("sha256:[0-9a-f]{64}");
    /** A skill's name (Agent Skills' rule): lower-case letters, digits and single hyphens, 1–64 characters. */
    public static final Pattern NAME = Pattern.compile("(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?");

    private SkillsProtocol() {
    }
}
