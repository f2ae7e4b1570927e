import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * Build step of the distribution (run by the pom at package, with the JDK's source launcher:
 * {@code java ModernClassFiles.java JAR...}): rewrites the class files of a jar that are older than Java 6
 * (version 49, as picocli ships them for Java 5) as Java 8 class files, with stack map frames computed by
 * the JDK's class-file API. The instructions stay the same. Silent when it worked;
 * {@code java -DmodernClassFiles.verbose=true ModernClassFiles.java JAR...} says what it rewrote.
 *
 * <p>Why: the JVM's AOT cache (JEP 483) cannot keep classes older than version 50 once they are linked,
 * so every start of the CLI parsed and verified picocli's classes anew with the old inference verifier
 * (about a sixth of a one-shot command's CPU time); as version 52 they are kept in the cache like the
 * rest. Rewriting is idempotent: a jar without old classes is left alone. Fails (and fails the build)
 * when a method cannot be given frames (jsr/ret, which Java 7+ class files forbid), never half-done: the
 * jar is replaced only after all its classes were rewritten.
 */
public final class ModernClassFiles {
    private static final int OLD = 50;
    private static final int TARGET = 52;

    private ModernClassFiles() {
    }

    public static void main(String[] args) throws IOException {
        // A build step that worked prints nothing (a failure still throws, and fails the build);
        // -DmodernClassFiles.verbose=true says what was rewritten.
        boolean verbose = Boolean.getBoolean("modernClassFiles.verbose");
        for (String arg : args) {
            Path jar = Path.of(arg);
            int rewritten = rewrite(jar);
            if (verbose) {
                System.out.println("ModernClassFiles: " + jar.getFileName() + ": " + (rewritten > 0
                        ? rewritten + " class files rewritten as version " + TARGET : "no class file older than version " + OLD));
            }
        }
    }

    private static int rewrite(Path jar) throws IOException {
        Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
        int count = 0;
        // Frames need the common superclass of two types: resolved from the jar itself, then the JDK.
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
             InputStream file = Files.newInputStream(jar);
             ZipInputStream in = new ZipInputStream(file);
             OutputStream target = Files.newOutputStream(tmp);
             ZipOutputStream out = new ZipOutputStream(target)) {
            ClassFile classFiles = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.ofResourceParsing(loader)
                            .orElse(ClassHierarchyResolver.defaultResolver())));
            ZipEntry entry;
            while ((entry = in.getNextEntry()) != null) {
                byte[] bytes = in.readAllBytes();
                if (entry.getName().endsWith(".class")) {
                    ClassModel model = classFiles.parse(bytes);
                    if (model.majorVersion() < OLD) {
                        bytes = classFiles.transformClass(model, upgrade());
                        count++;
                    }
                }
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setTime(entry.getTime()); // the same bytes for the same input: reproducible archives
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        if (count == 0) {
            Files.delete(tmp);
        } else {
            Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING);
        }
        return count;
    }

    /** The class at version 52, every method body rebuilt so that its frames are generated. */
    private static ClassTransform upgrade() {
        ClassTransform version = (builder, element) -> {
            if (element instanceof ClassFileVersion) {
                builder.withVersion(TARGET, 0);
            } else {
                builder.with(element);
            }
        };
        return version.andThen(ClassTransform.transformingMethodBodies((code, element) -> code.with(element)));
    }
}
