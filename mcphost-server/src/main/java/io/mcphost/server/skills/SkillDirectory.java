package io.mcphost.server.skills;

import io.mcphost.protocol.content.BlobResourceContents;
import io.mcphost.protocol.content.ResourceContents;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.internal.SkillFrontmatter;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.skills.SkillResource;
import io.mcphost.protocol.skills.SkillsProtocol;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An Agent Skill read from a directory, ready to be served with the Skills extension
 * ({@code io.modelcontextprotocol/skills}, SEP-2640) by {@link io.mcphost.server.McpServer.Builder#skill}.
 *
 * <p>Guarantees, checked once by {@link #load}: the directory has a {@code SKILL.md} that starts with a YAML
 * frontmatter block ({@code ---} … {@code ---}) holding a non-empty string {@code name} and {@code description};
 * the name follows the Agent Skills rule ({@link SkillsProtocol#NAME}) and equals the skill path's last
 * segment; every file is a regular file (a symbolic link only when it points at a regular file inside the
 * directory); there are at most {@value SkillsProtocol#MAX_RESOURCES} files of at most 16 MiB in all. Every
 * file's bytes, size and {@code sha256:} digest are taken at load time: the skill is immutable and serves
 * exactly what was read then, whatever happens to the directory afterwards. Thread-safe.
 */
public final class SkillDirectory {
    /** A segment of a skill path: URI-safe, and never "." or "..". */
    private static final Pattern PATH_SEGMENT = Pattern.compile("(?!\\.{1,2}$)[A-Za-z0-9._~-]+");
    /** The characters of a URI path segment (RFC 3986 pchar) that need no percent-encoding. */
    private static final String PCHAR = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@";
    private static final Map<String, String> MIME_TYPES = Map.ofEntries(Map.entry("md", "text/markdown"),
            Map.entry("markdown", "text/markdown"), Map.entry("txt", "text/plain"), Map.entry("json", "application/json"),
            Map.entry("yaml", "application/yaml"), Map.entry("yml", "application/yaml"), Map.entry("py", "text/x-python"),
            Map.entry("sh", "text/x-shellscript"), Map.entry("js", "text/javascript"), Map.entry("html", "text/html"),
            Map.entry("csv", "text/csv"), Map.entry("xml", "application/xml"), Map.entry("pdf", "application/pdf"),
            Map.entry("png", "image/png"), Map.entry("jpg", "image/jpeg"), Map.entry("jpeg", "image/jpeg"),
            Map.entry("gif", "image/gif"), Map.entry("svg", "image/svg+xml"));

    private final String skillPath;
    private final ObjectNode frontmatter;
    /** By URI, SKILL.md first, then in path order. */
    private final Map<String, File> files;
    private final Skill entry;

    /** One file as read at load time; {@code bytes} is never handed out. */
    private record File(String uri, String relativePath, byte[] bytes, String digest, String mimeType, boolean text) {
    }

    private SkillDirectory(String skillPath, ObjectNode frontmatter, Map<String, File> files) {
        this.skillPath = skillPath;
        this.frontmatter = frontmatter;
        this.files = files;
        this.entry = Skill.of(uri(), frontmatter, files.values().stream()
                .map(f -> new SkillResource(f.uri(), f.digest(), f.bytes().length)).toList());
    }

    /**
     * Loads the skill in {@code directory}, whose skill path (the part of its URIs before the file's own path)
     * is the directory's name: {@code skills/pdf-processing} is served as {@code skill://pdf-processing/SKILL.md}.
     *
     * @throws IllegalArgumentException if the directory is not a valid skill (the message says why)
     * @throws UncheckedIOException     if it cannot be read
     */
    public static SkillDirectory load(Path directory) {
        Objects.requireNonNull(directory, "directory");
        Path name = directory.toAbsolutePath().normalize().getFileName();
        if (name == null) {
            throw new IllegalArgumentException("skill directory " + directory + " has no name to serve it under");
        }
        return load(directory, name.toString());
    }

    /**
     * Loads the skill in {@code directory} under {@code skillPath}: one or more {@code /}-separated segments,
     * the first of which is the URI's authority and the last the skill's name (for example
     * {@code acme/pdf-processing} is served as {@code skill://acme/pdf-processing/SKILL.md}).
     *
     * @throws IllegalArgumentException if the directory is not a valid skill or the path is malformed
     * @throws UncheckedIOException     if it cannot be read
     */
    public static SkillDirectory load(Path directory, String skillPath) {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(skillPath, "skillPath");
        String[] segments = skillPath.split("/", -1);
        for (String segment : segments) {
            if (!PATH_SEGMENT.matcher(segment).matches()) {
                throw new IllegalArgumentException("skill path '" + skillPath + "': segment '" + segment
                        + "' is empty, '.' or '..', or has characters other than letters, digits and -._~");
            }
        }
        try {
            return read(directory, skillPath, segments[segments.length - 1]);
        } catch (IOException e) {
            throw new UncheckedIOException("reading skill directory " + directory + " failed: " + e.getMessage(), e);
        }
    }

    private static SkillDirectory read(Path directory, String skillPath, String lastSegment) throws IOException {
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException("skill directory " + directory + " is not a directory");
        }
        Path root = directory.toRealPath();
        Path skillFile = root.resolve(SkillsProtocol.SKILL_FILE);
        if (!Files.isRegularFile(skillFile, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(skillFile)) {
            throw new IllegalArgumentException("skill directory " + directory + " has no " + SkillsProtocol.SKILL_FILE);
        }
        List<Path> paths = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(root)) {
            walk.filter(p -> !p.equals(root)).forEach(paths::add);
        }
        List<Path> regular = new ArrayList<>();
        for (Path path : paths) {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (attributes.isDirectory()) {
                continue;
            }
            if (attributes.isSymbolicLink()) {
                Path target = path.toRealPath();
                if (!target.startsWith(root)) {
                    throw new IllegalArgumentException("skill '" + skillPath + "': " + root.relativize(path)
                            + " is a symbolic link leaving the skill directory (to " + target + ")");
                }
                if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
                    throw new IllegalArgumentException("skill '" + skillPath + "': " + root.relativize(path)
                            + " is a symbolic link to something other than a regular file");
                }
            } else if (!attributes.isRegularFile()) {
                throw new IllegalArgumentException("skill '" + skillPath + "': " + root.relativize(path)
                        + " is not a regular file");
            }
            regular.add(path);
            if (regular.size() > SkillsProtocol.MAX_RESOURCES) {
                throw new IllegalArgumentException("skill '" + skillPath + "' has more than " + SkillsProtocol.MAX_RESOURCES
                        + " files, the extension's limit");
            }
        }
        long total = 0;
        for (Path path : regular) {
            total += Files.size(path);
        }
        checkTotal(skillPath, total);
        String base = SkillsProtocol.SCHEME + "://" + skillPath + "/";
        Map<String, File> files = new LinkedHashMap<>();
        List<File> others = new ArrayList<>();
        File manifest = null;
        total = 0;
        for (Path path : regular) {
            byte[] bytes = Files.readAllBytes(path);
            total += bytes.length;
            checkTotal(skillPath, total); // a file may have grown since it was measured
            String relative = relativePath(root, path);
            String uri = base + relative;
            boolean text = isUtf8(bytes);
            String mimeType = mimeType(relative, text);
            File file = new File(uri, relative, bytes, digest(bytes), mimeType, text);
            if (relative.equals(SkillsProtocol.SKILL_FILE)) {
                manifest = file;
            } else {
                others.add(file);
            }
        }
        if (manifest == null) {
            throw new IllegalArgumentException("skill directory " + directory + " has no " + SkillsProtocol.SKILL_FILE);
        }
        files.put(manifest.uri(), manifest);
        others.stream().sorted(java.util.Comparator.comparing(File::relativePath)).forEach(f -> files.put(f.uri(), f));
        ObjectNode frontmatter = frontmatter(skillPath, manifest.bytes());
        String name = frontmatter.get("name").stringValue();
        if (!SkillsProtocol.NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("skill '" + skillPath + "': name '" + name
                    + "' breaks the naming rule (1-64 lower-case letters, digits and single hyphens, not at either end)");
        }
        if (!name.equals(lastSegment)) {
            throw new IllegalArgumentException("skill '" + skillPath + "': the frontmatter's name '" + name
                    + "' differs from the skill path's last segment '" + lastSegment + "' (the directory's name)");
        }
        return new SkillDirectory(skillPath, frontmatter, files);
    }

    private static void checkTotal(String skillPath, long total) {
        if (total > SkillsProtocol.MAX_TOTAL_BYTES) {
            throw new IllegalArgumentException("skill '" + skillPath + "' has more than " + SkillsProtocol.MAX_TOTAL_BYTES
                    + " bytes (16 MiB) of files, the extension's limit");
        }
    }

    /** The file's path below the root as URI path segments, each percent-encoded where it needs to be. */
    private static String relativePath(Path root, Path path) {
        StringBuilder relative = new StringBuilder();
        for (Path segment : root.relativize(path)) {
            if (!relative.isEmpty()) {
                relative.append('/');
            }
            for (byte b : segment.toString().getBytes(StandardCharsets.UTF_8)) {
                if (b >= 0 && PCHAR.indexOf(b) >= 0) {
                    relative.append((char) b);
                } else {
                    relative.append('%').append(HexFormat.of().withUpperCase().toHexDigits(b));
                }
            }
        }
        return relative.toString();
    }

    /** The YAML frontmatter at the very start of SKILL.md, as JSON; it must name and describe the skill. */
    private static ObjectNode frontmatter(String skillPath, byte[] bytes) {
        String where = "skill '" + skillPath + "': " + SkillsProtocol.SKILL_FILE;
        if (!isUtf8(bytes)) {
            throw new IllegalArgumentException(where + " is not UTF-8 text");
        }
        ObjectNode object;
        try {
            object = SkillFrontmatter.read(new String(bytes, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + " " + e.getMessage(), e);
        }
        for (String field : List.of("name", "description")) {
            JsonNode value = object.get(field);
            if (value == null || !value.isString() || value.stringValue().isBlank()) {
                throw new IllegalArgumentException(where + ": the frontmatter has no non-empty string '" + field + "'");
            }
        }
        return object;
    }

    private static boolean isUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static String mimeType(String relative, boolean text) {
        int dot = relative.lastIndexOf('.');
        String known = dot < relative.lastIndexOf('/') + 1 ? null
                : MIME_TYPES.get(relative.substring(dot + 1).toLowerCase(java.util.Locale.ROOT));
        return known != null ? known : text ? "text/plain" : "application/octet-stream";
    }

    private static String digest(byte[] bytes) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** The skill path: the URIs' part between {@code skill://} and the file's own path, e.g. {@code pdf-processing}. */
    public String skillPath() {
        return skillPath;
    }

    /** The frontmatter's {@code name}, the skill path's last segment. */
    public String name() {
        return frontmatter.get("name").stringValue();
    }

    /** The frontmatter's {@code description}. */
    public String description() {
        return frontmatter.get("description").stringValue();
    }

    /** The URI of the skill's {@code SKILL.md}, e.g. {@code skill://pdf-processing/SKILL.md}. */
    public String uri() {
        return SkillsProtocol.SCHEME + "://" + skillPath + "/" + SkillsProtocol.SKILL_FILE;
    }

    /** The skill's directory URI, without a trailing slash, e.g. {@code skill://pdf-processing}. */
    public String directoryUri() {
        return SkillsProtocol.SCHEME + "://" + skillPath;
    }

    /** The skill's entry, as {@code skills/list} and {@code skills/get} send it: every file with its size and digest. */
    public Skill entry() {
        return entry;
    }

    /**
     * Every file as a resource, as {@code resources/list} lists it: {@code SKILL.md} first (mime type
     * {@code text/markdown}, name and description from the frontmatter), then the others in path order
     * (named by their path below the skill's directory).
     */
    public List<Resource> resources() {
        return files.values().stream().map(f -> f.relativePath().equals(SkillsProtocol.SKILL_FILE)
                ? new Resource(f.uri(), name(), Optional.empty(), Optional.of(description()), Optional.of(f.mimeType()),
                        Optional.of((long) f.bytes().length), null, null, null)
                : new Resource(f.uri(), f.relativePath(), Optional.empty(), Optional.empty(), Optional.of(f.mimeType()),
                        Optional.of((long) f.bytes().length), null, null, null)).toList();
    }

    /**
     * The {@code resources/read} result for one of the skill's files: its bytes as read at load time, as text
     * when they are UTF-8 (so the text's UTF-8 encoding is exactly the digested bytes), else base64; empty for
     * a URI that is not one of its files.
     */
    public Optional<ReadResourceResult> read(String uri) {
        File file = files.get(uri);
        if (file == null) {
            return Optional.empty();
        }
        ResourceContents contents = file.text()
                ? TextResourceContents.of(file.uri(), file.mimeType(), new String(file.bytes(), StandardCharsets.UTF_8))
                : BlobResourceContents.of(file.uri(), file.mimeType(), Base64.getEncoder().encodeToString(file.bytes()));
        return Optional.of(ReadResourceResult.of(contents));
    }

    @Override
    public String toString() {
        return "SkillDirectory[" + uri() + ", " + files.size() + " files]";
    }
}
