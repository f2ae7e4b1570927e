package io.mcphost.testkit.conformance;

import io.mcphost.server.skills.SkillDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The skill the conformance fixture serves for the Skills extension's server scenarios (SEP-2640):
 * {@code pdf-processing}, the suite's own example, with a {@code references/} subdirectory (the directory
 * scenario needs a child of mime type {@code inode/directory}). Its files are written to a temporary
 * directory, loaded (a {@link SkillDirectory} keeps the bytes it read) and deleted again.
 */
final class ConformanceSkill {
    static final String SKILL_MD = """
            ---
            name: pdf-processing
            description: Extract, fill, and assemble PDF documents
            license: Apache-2.0
            ---
            # PDF processing

            Skill body. For PDF forms, read [the forms guide](references/FORMS.md).
            """;
    static final String FORMS_MD = """
            # Forms

            Fill each field, then flatten the form.
            """;

    private ConformanceSkill() {
    }

    static SkillDirectory load() {
        Path temp = null;
        try {
            temp = Files.createTempDirectory("mcphost-conformance-skill");
            Path dir = Files.createDirectories(temp.resolve("pdf-processing"));
            Files.writeString(dir.resolve("SKILL.md"), SKILL_MD);
            Files.writeString(Files.createDirectories(dir.resolve("references")).resolve("FORMS.md"), FORMS_MD);
            return SkillDirectory.load(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("writing the conformance skill failed", e);
        } finally {
            delete(temp);
        }
    }

    private static void delete(Path temp) {
        if (temp == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(temp)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A leftover temporary directory is harmless.
        }
    }
}
