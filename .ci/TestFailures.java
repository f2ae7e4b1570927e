import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Prints, after a failed build, which tests failed and why: for every failed or errored test case in the
 * modules' surefire reports, its class and name, the failure's message and the head of its stack trace.
 * CI keeps only the end of a run's output, and Maven's own end names a module, not the test; this goes
 * after it. Bounded: at most {@link #MAX_CASES} cases and {@link #STACK_LINES} lines of each stack, so a
 * mass failure cannot flood the log.
 *
 * <p>Run from the checkout's root: {@code java .ci/TestFailures.java}. Exits 0 whatever it finds.
 */
public class TestFailures {
    private static final int MAX_CASES = 8;
    private static final int STACK_LINES = 8;
    private static final int MESSAGE_CHARS = 600;
    private static final int SUMMARY_CHARS = 160;

    public static void main(String[] args) throws Exception {
        List<String> out = new ArrayList<>();
        List<String> summary = new ArrayList<>();
        int failed = 0;
        for (Path report : reports()) {
            NodeList cases;
            try {
                cases = parse(report).getElementsByTagName("testcase");
            } catch (Exception e) { // a JVM that died mid-write leaves a cut-off report: say so, go on
                out.add("UNREADABLE " + report + ": " + clip(String.valueOf(e.getMessage())));
                continue;
            }
            for (int i = 0; i < cases.getLength(); i++) {
                Element testCase = (Element) cases.item(i);
                Element problem = first(testCase, "failure");
                if (problem == null) {
                    problem = first(testCase, "error");
                }
                if (problem == null) {
                    continue;
                }
                failed++;
                if (failed > MAX_CASES) {
                    continue;
                }
                String test = testCase.getAttribute("classname") + " > " + testCase.getAttribute("name");
                String why = clip(problem.getAttribute("type") + ": " + problem.getAttribute("message"));
                out.add("FAILED " + test + " (" + testCase.getAttribute("time") + " s, "
                        + report.getName(report.getNameCount() - 4) + ")");
                out.add("  " + why);
                problem.getTextContent().lines().skip(1).limit(STACK_LINES).forEach(line -> out.add("    " + line.strip()));
                summary.add("  " + test + ": " + (why.length() <= SUMMARY_CHARS ? why : why.substring(0, SUMMARY_CHARS) + " …"));
            }
        }
        if (failed == 0 && out.isEmpty()) {
            System.out.println(".ci/TestFailures: no failed test in the surefire reports (the build failed elsewhere)");
            return;
        }
        out.forEach(System.out::println);
        // The names last, one line each: the end of the log is what is kept.
        System.out.println(".ci/TestFailures: " + failed + " failed test case(s)" + (failed > MAX_CASES
                ? ", the first " + MAX_CASES + " shown" : "") + ":");
        summary.forEach(System.out::println);
    }

    /** Every module's TEST-*.xml, in a stable order. */
    private static List<Path> reports() throws IOException {
        try (Stream<Path> modules = Files.list(Path.of("."))) {
            List<Path> found = new ArrayList<>();
            for (Path module : modules.sorted().toList()) {
                Path dir = module.resolve("target").resolve("surefire-reports");
                if (Files.isDirectory(dir)) {
                    try (Stream<Path> files = Files.list(dir)) {
                        files.filter(f -> f.getFileName().toString().startsWith("TEST-")
                                && f.getFileName().toString().endsWith(".xml")).sorted().forEach(found::add);
                    }
                }
            }
            return found;
        }
    }

    private static Document parse(Path report) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        DocumentBuilder builder = factory.newDocumentBuilder();
        builder.setErrorHandler(new DefaultHandler() { // thrown, not also printed
            @Override
            public void fatalError(SAXParseException e) throws SAXParseException {
                throw e;
            }
        });
        return builder.parse(report.toFile());
    }

    private static Element first(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? null : (Element) nodes.item(0);
    }

    private static String clip(String text) {
        String oneLine = text.replace('\n', ' ').replace('\r', ' ');
        return oneLine.length() <= MESSAGE_CHARS ? oneLine : oneLine.substring(0, MESSAGE_CHARS) + " …";
    }
}
