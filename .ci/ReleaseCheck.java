import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * What a Maven Central release needs, checked on the build's output (run by .ci/release-check after a
 * {@code -Prelease package}): every published module has its jar, sources jar and Javadoc jar and a module
 * name; every published POM says what Central requires; the BOM lists exactly the published modules at the
 * parent's version. {@code digests <file>} writes the digests of every published file, so two builds can be
 * compared byte for byte. Plain Java 17 (a single-file program), so it runs on whatever JDK the machine has.
 */
public final class ReleaseCheck {
    /** Modules that are test code, benchmarks or samples: built, never published. */
    static final Set<String> NOT_PUBLISHED = Set.of("mcphost-integration-tests", "mcphost-bench", "mcphost-examples");

    public static void main(String[] args) throws Exception {
        Path root = Path.of(".").toAbsolutePath().normalize();
        Element parent = pom(root.resolve("pom.xml"));
        List<String> published = new ArrayList<>();
        for (Element module : children(child(parent, "modules"), "module")) {
            String name = module.getTextContent().trim();
            if (!NOT_PUBLISHED.contains(name) && !name.equals("mcphost-bom")) {
                published.add(name);
            }
        }
        if (args.length == 2 && args[0].equals("digests")) {
            writeDigests(root, published, Path.of(args[1]));
            return;
        }
        List<String> problems = new ArrayList<>();
        String version = text(parent, "version");
        for (String required : List.of("name", "description", "url", "licenses", "developers", "scm")) {
            if (child(parent, required) == null) {
                problems.add("pom.xml: no <" + required + "> (Maven Central requires it)");
            }
        }
        Element bom = pom(root.resolve("mcphost-bom/pom.xml"));
        if (!version.equals(text(bom, "version"))) {
            problems.add("mcphost-bom is at " + text(bom, "version") + ", the parent at " + version);
        }
        List<String> inBom = new ArrayList<>();
        for (Element dependency : children(child(child(bom, "dependencyManagement"), "dependencies"), "dependency")) {
            inBom.add(text(dependency, "artifactId"));
        }
        if (!Set.copyOf(inBom).equals(Set.copyOf(published))) {
            problems.add("mcphost-bom lists " + inBom + ", the published modules are " + published);
        }
        for (String module : published) {
            Element pom = pom(root.resolve(module).resolve("pom.xml"));
            for (String required : List.of("name", "description")) {
                if (child(pom, required) == null) {
                    problems.add(module + "/pom.xml: no <" + required + ">");
                }
            }
            Path target = root.resolve(module).resolve("target");
            Path jar = only(target, module, "", problems);
            only(target, module, "-sources", problems);
            only(target, module, "-javadoc", problems);
            if (jar != null) {
                try (JarFile file = new JarFile(jar.toFile())) {
                    boolean named = file.getEntry("module-info.class") != null
                            || file.getManifest() != null && file.getManifest().getMainAttributes().getValue("Automatic-Module-Name") != null;
                    if (!named) {
                        problems.add(jar.getFileName() + ": neither module-info.class nor Automatic-Module-Name");
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            problems.forEach(p -> System.err.println("release-check: " + p));
            System.exit(1);
        }
        System.out.println("release-check: " + published.size() + " modules and the BOM at " + version
                + ": jars, sources, Javadoc, module names and POM metadata in place");
    }

    /** The module's one jar with this classifier ("" for the main jar), its name with or without the version. */
    private static Path only(Path target, String module, String classifier, List<String> problems) throws IOException {
        List<Path> found;
        try (Stream<Path> files = Files.list(target)) {
            found = files.filter(f -> {
                String n = f.getFileName().toString();
                return n.startsWith(module) && n.endsWith(classifier + ".jar")
                        && (!classifier.isEmpty() || !n.matches(".*-(sources|javadoc|tests)\\.jar"));
            }).toList();
        } catch (IOException e) {
            found = List.of();
        }
        if (found.size() != 1) {
            problems.add(module + ": expected one " + (classifier.isEmpty() ? "main" : classifier.substring(1)) + " jar in target/, found " + found);
            return null;
        }
        return found.get(0);
    }

    private static void writeDigests(Path root, List<String> published, Path out) throws Exception {
        TreeMap<String, String> digests = new TreeMap<>();
        for (String module : published) {
            try (Stream<Path> files = Files.list(root.resolve(module).resolve("target"))) {
                for (Path f : files.filter(f -> f.toString().endsWith(".jar") || f.toString().endsWith(".tar.gz")).toList()) {
                    MessageDigest sha = MessageDigest.getInstance("SHA-256");
                    try (InputStream in = Files.newInputStream(f)) {
                        sha.update(in.readAllBytes());
                    }
                    digests.put(module + "/" + f.getFileName(), HexFormat.of().formatHex(sha.digest()));
                }
            }
        }
        StringBuilder text = new StringBuilder();
        digests.forEach((file, digest) -> text.append(digest).append("  ").append(file).append('\n'));
        Files.writeString(out, text);
        System.out.println("release-check: " + digests.size() + " files digested into " + out);
    }

    private static Element pom(Path file) throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(file.toFile()).getDocumentElement();
    }

    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        if (parent != null) {
            for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && e.getTagName().equals(name)) {
                    found.add(e);
                }
            }
        }
        return found;
    }

    private static String text(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? "" : e.getTextContent().trim();
    }
}
