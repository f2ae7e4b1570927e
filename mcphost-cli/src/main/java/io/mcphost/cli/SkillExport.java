package io.mcphost.cli;

import io.mcphost.client.LoadedSkill;
import io.mcphost.client.SkillVerificationException;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.skills.SkillResource;
import io.mcphost.protocol.skills.SkillsProtocol;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes a loaded skill's files under {@code DIR/<server>/<skill path>/} ({@code mcphost skill NAME -o DIR}), so
 * that skills of two servers, even at the same URI, never land in one directory. What a server lists is hostile
 * until proven otherwise, so the export is all or nothing, in three steps:
 * <ol>
 *   <li>every listed URI becomes a relative path by stripping the skill's directory ({@code skill://x/}); a URI
 *       outside it, an empty, {@code .} or {@code ..} segment, a backslash, a control character, a leading
 *       {@code /} or drive letter, or a percent-encoded separator refuses the whole skill. The path is
 *       percent-decoded once and checked again, so {@code %2E%2E} is {@code ..};</li>
 *   <li>every file is read and verified (size, then digest: {@link LoadedSkill#file}) before anything is written;</li>
 *   <li>the files are written, {@code CREATE_NEW} and {@code NOFOLLOW_LINKS}, never executable, into a fresh
 *       temporary directory inside {@code DIR}, each resolved path required to stay inside it, and that
 *       directory is then moved to its place, which must not exist yet and must resolve inside
 *       {@code DIR}'s real path (a symbolic link on the way out is refused).</li>
 * </ol>
 * A failure at any step leaves nothing behind. Not thread-safe; one export per call.
 */
final class SkillExport {
    /** Read and write for the owner, read for the others: never executable (nothing runs implicitly). */
    private static final String FILE_PERMISSIONS = "rw-r--r--";
    private static final Pattern DRIVE_LETTER = Pattern.compile("^[A-Za-z]:.*", Pattern.DOTALL);
    private static final Pattern ENCODED_SEPARATOR = Pattern.compile("%(2[fF]|5[cC])");

    /**
     * What an export wrote.
     *
     * @param directory the skill's directory, {@code DIR/<server>/<skill path>}
     * @param files     the relative paths written, in the entry's order
     * @param bytes     their total size
     */
    record Result(Path directory, List<String> files, long bytes) {
    }

    private SkillExport() {
    }

    /**
     * Exports {@code skill}, loaded from server {@code server}, under {@code dir} (created if missing).
     *
     * @throws SkillVerificationException if the entry lists an unsafe path or a file fails verification; nothing is written
     * @throws UncheckedIOException       if the files cannot be written (the target exists, no permission, …); nothing is left
     */
    static Result export(String server, LoadedSkill skill, Path dir) {
        Skill entry = skill.entry();
        List<String> skillPath = skillPath(server, entry);
        Map<String, List<String>> paths = new LinkedHashMap<>();
        List<SkillResource> files = entry.files()
                .orElseThrow(() -> refuse(server, entry.uri(), entry.uri(), "its entry lists no files"));
        for (SkillResource file : files) {
            List<String> segments = relativePath(server, entry, file.uri());
            if (paths.putIfAbsent(String.join("/", segments), segments) != null) {
                throw refuse(server, entry.uri(), file.uri(), "it names the same file as another listed URI");
            }
        }
        Map<String, byte[]> contents = new LinkedHashMap<>();
        long bytes = 0;
        for (SkillResource file : files) {
            byte[] verified;
            try {
                verified = skill.file(file.uri());
            } catch (SkillVerificationException e) {
                throw new SkillVerificationException(server, e.kind(), e.uri(), e.detail() + "; nothing was written");
            }
            contents.put(String.join("/", relativePath(server, entry, file.uri())), verified);
            bytes += verified.length;
        }
        try {
            return new Result(write(dir, label(server), skillPath, paths, contents), List.copyOf(paths.keySet()), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(describe(e), e);
        }
    }

    private static String describe(IOException e) {
        return switch (e) {
            case FileAlreadyExistsException exists -> exists.getFile() + " already exists (remove it, or choose another -o DIR)";
            default -> e.getMessage() == null ? e.toString() : e.getMessage();
        };
    }

    private static Path write(Path dir, String label, List<String> skillPath, Map<String, List<String>> paths,
                              Map<String, byte[]> contents) throws IOException {
        Files.createDirectories(dir);
        Path root = dir.toRealPath();
        Path target = inside(root, root.resolve(label), skillPath);
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new FileAlreadyExistsException(target.toString());
        }
        Path staging = Files.createTempDirectory(root, ".mcphost-skill-");
        try {
            for (Map.Entry<String, List<String>> path : paths.entrySet()) {
                Path file = inside(staging, staging, path.getValue());
                Files.createDirectories(file.getParent());
                writeNew(file, contents.get(path.getKey()));
            }
            Path parent = target.getParent();
            Files.createDirectories(parent);
            // A symbolic link already on the way (DIR/<server> pointing elsewhere) would carry the move out of DIR.
            if (!parent.toRealPath().startsWith(root)) {
                throw new IOException(parent + " leads out of " + root + " (a symbolic link?)");
            }
            Files.move(staging, target); // no REPLACE_EXISTING: a directory that appeared meanwhile is never replaced
            return target;
        } catch (IOException | RuntimeException e) {
            deleteTree(staging);
            throw e;
        }
    }

    /** {@code base} resolved with {@code segments}, normalised, required to stay inside {@code root}. */
    private static Path inside(Path root, Path base, List<String> segments) throws IOException {
        Path path = base;
        for (String segment : segments) {
            path = path.resolve(segment);
        }
        path = path.normalize();
        if (!path.startsWith(root) || path.equals(root)) {
            throw new IOException(path + " is not inside " + root);
        }
        return path;
    }

    private static void writeNew(Path file, byte[] bytes) throws IOException {
        Set<OpenOption> options = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        FileAttribute<?>[] attributes = file.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(FILE_PERMISSIONS))}
                : new FileAttribute<?>[0];
        try (SeekableByteChannel channel = Files.newByteChannel(file, options, attributes)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        }
    }

    private static void deleteTree(Path root) {
        // Files.walk does not follow links: a link inside is deleted itself, never what it points at.
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            // Best effort: a leftover hidden temporary directory holds only verified files.
        }
    }

    /** The server's name as one directory name: characters outside {@code [A-Za-z0-9._-]} become {@code _}. */
    static String label(String server) {
        String label = server.replaceAll("[^A-Za-z0-9._-]", "_");
        return label.isEmpty() || label.equals(".") || label.equals("..") ? "_" + label : label;
    }

    /** The skill path of the entry ({@code pdf-processing} of {@code skill://pdf-processing/SKILL.md}), as safe segments. */
    static List<String> skillPath(String server, Skill entry) {
        String uri = entry.uri();
        int scheme = uri.indexOf("://");
        if (!uri.endsWith("/" + SkillsProtocol.SKILL_FILE) || scheme < 0) {
            throw refuse(server, uri, uri, "a skill's URI is <scheme>://<skill path>/" + SkillsProtocol.SKILL_FILE);
        }
        String path = entry.directory().substring(scheme + 3);
        try {
            return segments(path);
        } catch (IllegalArgumentException e) {
            throw refuse(server, uri, uri, "its skill path " + e.getMessage());
        }
    }

    /** A listed URI as the segments of a path relative to the skill's directory; refused unless safe. */
    static List<String> relativePath(String server, Skill entry, String uri) {
        String prefix = entry.directory() + "/";
        if (!uri.startsWith(prefix)) {
            throw refuse(server, entry.uri(), uri, "it is outside the skill's directory " + entry.directory());
        }
        try {
            return segments(uri.substring(prefix.length()));
        } catch (IllegalArgumentException e) {
            throw refuse(server, entry.uri(), uri, "its path " + e.getMessage());
        }
    }

    /**
     * The segments of a relative path, checked before and after one percent-decoding.
     *
     * @throws IllegalArgumentException saying what is wrong ("has a '..' segment")
     */
    static List<String> segments(String raw) {
        check(raw);
        if (ENCODED_SEPARATOR.matcher(raw).find()) {
            throw new IllegalArgumentException("has a percent-encoded separator");
        }
        String decoded = percentDecoded(raw);
        check(decoded);
        List<String> segments = new ArrayList<>();
        for (String segment : decoded.split("/", -1)) {
            if (segment.isEmpty()) {
                throw new IllegalArgumentException("has an empty segment");
            }
            if (segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("has a '" + segment + "' segment");
            }
            if (DRIVE_LETTER.matcher(segment).matches()) {
                throw new IllegalArgumentException("has a drive letter");
            }
            segments.add(segment);
        }
        return List.copyOf(segments);
    }

    private static void check(String path) {
        if (path.isEmpty()) {
            throw new IllegalArgumentException("is empty");
        }
        if (path.startsWith("/")) {
            throw new IllegalArgumentException("starts with '/'");
        }
        if (path.indexOf('\\') >= 0) {
            throw new IllegalArgumentException("has a backslash");
        }
        if (DRIVE_LETTER.matcher(path).matches()) {
            throw new IllegalArgumentException("starts with a drive letter");
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
                throw new IllegalArgumentException("has a control character (U+" + String.format(Locale.ROOT, "%04X", (int) c) + ")");
            }
        }
    }

    /** {@code %XX} sequences as UTF-8 bytes, once; malformed escapes or bytes are refused. */
    private static String percentDecoded(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < raw.length(); ) {
            int cp = raw.codePointAt(i);
            if (cp != '%') {
                bytes.writeBytes(Character.toString(cp).getBytes(StandardCharsets.UTF_8));
                i += Character.charCount(cp);
                continue;
            }
            int hi = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
            int lo = hi >= 0 ? Character.digit(raw.charAt(i + 2), 16) : -1;
            if (lo < 0) {
                throw new IllegalArgumentException("has a malformed percent-encoding");
            }
            bytes.write(hi * 16 + lo);
            i += 3;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("is not UTF-8 once percent-decoded");
        }
    }

    private static SkillVerificationException refuse(String server, String skillUri, String uri, String why) {
        return new SkillVerificationException(server, SkillVerificationException.Kind.INVALID_ENTRY, uri,
                "skill '" + skillUri + "' lists '" + uri + "', refused: " + why + "; nothing was written");
    }
}
